/**
 * What the render worker answers the editor (dev/siteWorker.ts hands every question here): the site's
 * forms and entries, a file's text checked by the build's own parsers, a body's preview, and the page
 * that shows a data file (the first page whose render reads it: a record's or a file collection's).
 */
import type { RenderMarkdown } from '../content/markdown.ts';
import type { Route } from '../site/defineConfig.ts';
import type { AnySite } from '../site/loadSite.ts';
import { editorCheck, editorMarkdown } from './editorCheck.ts';
import { editorSite } from './editorSite.ts';
import type { EditorAsk } from './editorTypes.ts';

export interface EditorWorkerState {
  site: AnySite;
  render: Promise<RenderMarkdown>;
  /** The plan `site dev` shows (undefined until the content is loaded). */
  plan?: { content: { collections: Record<string, unknown> }; routes: readonly Route[] };
  /** The content files a page read when it rendered, rendering it first when it has not yet. */
  readsOf(path: string): Promise<readonly string[]>;
}

/** At most this many pages are rendered to find the one that shows a data file. */
const PAGES_TRIED = 300;

/** The page that shows `file` best: one that reads it, by preference the one named like it (pages/blog.json: /blog). */
async function pageReading(state: EditorWorkerState, file: string): Promise<string | null> {
  const name = file.replace(/\.[a-z]+$/, '').split('/').pop()!;
  const named = (path: string) => path.split('/').pop() === name || (path === '/' && (name === 'home' || name === 'index'));
  let first: string | null = null;
  for (const r of (state.plan?.routes ?? []).filter((r) => !r.entry).slice(0, PAGES_TRIED)) {
    let reads: readonly string[] = [];
    try {
      reads = await state.readsOf(r.path);
    } catch {
      // A page that fails to render shows nothing.
    }
    if (!reads.includes(file)) continue;
    if (named(r.path)) return r.path;
    first ??= r.path;
  }
  return first;
}

export async function editorAnswer(state: EditorWorkerState, ask: EditorAsk): Promise<unknown> {
  if (ask.kind === 'site') {
    if (!state.plan) throw new Error('content not loaded');
    return editorSite(state.site, state.plan.content.collections, state.plan.routes);
  }
  if (ask.kind === 'check') return editorCheck(state.site.collections, await state.render, ask.file, ask.text);
  if (ask.kind === 'page') return pageReading(state, ask.file);
  return editorMarkdown(await state.render, ask.file, ask.body, ask.line);
}
