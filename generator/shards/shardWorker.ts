/**
 * A build shard in a worker thread: runs ShardState's parse, open and
 * renderBatch on request, one request at a time, in the order they come.
 * Errors travel as data: a SiteError as its code and arguments (rebuilt in
 * the main thread), anything else as its stack. The worker's entry (the
 * build's, which owns the page analysers) calls serveShard with them.
 */
import { parentPort } from 'node:worker_threads';
import { bundleFolder, saveCodeCache } from '../runBundle.cjs';
import { keepRegexTableIn, saveRegexTable } from '../content/highlightCode.ts';
import { embeddedSite } from '../site/embeddedSite.ts';
import { siteRenderer, type AnySite } from '../site/loadSite.ts';
import { guardHooks } from '../site/checkDefinition.ts';
import type { ShardFeatures } from './pageAnalyser.ts';
import { ShardState } from './ShardState.ts';
import type { ShardReply, ShardRequest } from './shardProtocol.ts';
import { errorToData } from './shardProtocol.ts';

/**
 * Between its share of the articles and the render job, a worker renders its articles' markdown ahead, a
 * few at a time, so a message that arrives waits at most for one step (messages come between steps).
 */
const AHEAD_STEP = 8;

/**
 * The worker's code cache (generator/runBundle.cjs) is taken once this many pages have rendered: by then
 * every function a page needs is compiled, and the next build's worker starts with them compiled.
 */
const CACHE_AFTER_PAGES = 300;

/** Answers the main thread's requests in this worker; `featuresOf`: the build's page analysers for the site. */
export function serveShard(featuresOf: (site: AnySite) => ShardFeatures): void {
  // shiki's translated regular expressions are kept beside the site's bundle (its .site/cache), and in the engine's table.
  keepRegexTableIn(bundleFolder());
  let state: ShardState | undefined;
  // The site's bundle, given with the worker's (ShardPool), and its markdown renderer load first (at once
  // for markdown-it); messages that come meanwhile wait, in order.
  const ready = embeddedSite().then(async (given) => {
    if (!given) throw new Error('a shard worker is given the bundle of the site it builds');
    const site = guardHooks(given.site);
    return (state = new ShardState(site, await siteRenderer(site), featuresOf(site)));
  });
  const port = parentPort!;
  const renderAhead = () => {
    if (state?.renderAhead(AHEAD_STEP)) setImmediate(renderAhead);
  };
  let pagesRendered = 0;

  const handle = (state: ShardState, msg: ShardRequest): void => {
    let reply: ShardReply;
    try {
      if (msg.type === 'parse') reply = { id: msg.id, ok: true, result: state.parse(msg.contentDir, msg.collection, msg.sources) };
      else if (msg.type === 'ahead') reply = { id: msg.id, ok: true, result: (setImmediate(renderAhead), null) };
      else if (msg.type === 'open') reply = { id: msg.id, ok: true, result: (state.open(msg.job), null) };
      else if (msg.type === 'finish') reply = { id: msg.id, ok: true, result: (saveRegexTable(), null) };
      else {
        reply = { id: msg.id, ok: true, result: state.renderBatch(msg.paths) };
        if (pagesRendered < CACHE_AFTER_PAGES && (pagesRendered += msg.paths.length) >= CACHE_AFTER_PAGES) setImmediate(saveCodeCache);
      }
    } catch (e) {
      reply = { id: msg.id, ok: false, error: errorToData(e) };
    }
    port.postMessage(reply);
  };

  port.on('message', (msg: ShardRequest) => {
    if (state) handle(state, msg);
    else ready.then((s) => handle(s, msg), (e: unknown) => port.postMessage({ id: msg.id, ok: false, error: errorToData(e) } satisfies ShardReply));
  });
}
