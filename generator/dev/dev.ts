/**
 * `site dev`: serves the site from memory on 127.0.0.1 with live reload,
 * the embedded backend and an error overlay. It reuses the build's stages
 * (content, routes, renderPage, compileCss, the widget bundle options): no
 * second pipeline. Pages render on demand in a worker and are re-rendered
 * only when a file they read changes.
 */
import * as esbuild from 'esbuild';
import chokidar from 'chokidar';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { resolveConfig, type BackendSettings } from '../config.ts';
import { compileCss } from '../assets/compileCss.ts';
import { esbuildOptions } from '../assets/bundleWidgets.ts';
import { staticFiles } from '../assets/staticFiles.ts';
import { formatSiteError, SiteError } from '../core/errors.ts';
import { backendFailure } from './backendFailure.ts';
import { classifyChange } from './classifyChange.ts';
import { DEV_CLIENT_PATH, DEV_EVENTS_PATH, devClientSource } from './devClient.ts';
import { listen } from './listen.ts';
import { types } from './serveStatic.ts';
import { overlayHtml } from './overlay.ts';
import { RenderWorker } from './RenderWorker.ts';
import { toWireError } from './toWireError.ts';
import { workerBundle } from './workerBundle.ts';
import { generatorRoot } from '../cache/sourceKey.ts';
import { CONFIG_FILE } from '../site/loadSite.ts';
import { SseHub } from './sse.ts';
import { siteRedirectUrls } from './siteRedirectUrls.ts';
import type { WireError } from './workerProtocol.ts';

export interface DevOptions {
  port?: number;
  backendPort?: number;
  dataDir?: string;
  open?: boolean;
  /** false: no embedded backend (forms show their error toast). */
  backend?: boolean;
  root?: string;
  content?: string;
  /** The build cache, where content images are stored (default .site/cache/build). */
  cacheDir?: string;
  log?: (line: string) => void;
}

export interface DevServer {
  url: string;
  backend: (BackendSettings & { serviceRoleKey: string }) | null;
  /** Resolves when the change being processed (if any) has been served. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

type Asset = { body: string | Uint8Array; type: string };

export async function dev(options: DevOptions = {}): Promise<DevServer> {
  const started = performance.now();
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const config = resolveConfig('dev', { root: options.root, content: options.content, cacheDir: options.cacheDir, write: false, backend: null, log });
  const hub = new SseHub();
  const assets = new Map<string, Asset>();
  let error: WireError | null = null;
  let cssVersion = 0;
  /** Bumped by every change that altered some page; pages carry the version they were rendered at. */
  let version = 0;

  // The backend boots in parallel; the site serves pages meanwhile.
  const backendPort = options.backendPort ?? 54321;
  const dataDir = options.dataDir ?? '.site/db';
  const backendReady = (async () => {
    if (options.backend === false) return null;
    const { startBackend } = await import('../backend/startBackend.ts');
    return startBackend({ port: backendPort, dataDir, log });
  })();
  // What the widgets talk to: this backend, or when it could not start (port taken, data dir held by
  // another process) the backend that serves the data dir, else its usual URL, with the data dir's
  // keys: forms show their error toast until a backend answers there.
  const backendSettings = backendReady.then(
    (b) => b && { url: b.apiUrl, anonKey: b.anonKey, running: true },
    async () => {
      const { backendStatus } = await import('../backend/commands.ts');
      const status = await backendStatus({ dataDir, port: backendPort });
      return { url: status.apiUrl, anonKey: status.anonKey, running: status.running };
    },
  );

  if (!existsSync(path.join(config.root, CONFIG_FILE))) throw new SiteError('SiteConfigMissing', { root: config.root });
  const bundle = await workerBundle(generatorRoot, config.root, path.join(generatorRoot, 'generator', 'dev', 'siteWorker.ts'), () =>
    log('Bundling the templates for the render worker (first start, and after they change)...'),
  );
  // The worker encodes content images into the build cache (images/imageStage.ts), which serves them.
  // The worker keeps shiki's translated regular expressions beside its bundle (content/regexTable.ts), as a build's threads do.
  const worker = new RenderWorker(bundle.file, { root: config.root, contentDir: config.contentDir, cacheDir: config.cacheDir, regexTableDir: path.dirname(bundle.file) });
  const setError = (e: unknown) => {
    error = toWireError(e);
    log(`\n${formatSiteError(error)}\n`);
    hub.send('site-error', error);
  };

  // Both optional, as in a build: a site without templates/styles/main.css or widgets/ gets no stylesheet or script.
  const hasStyles = () => existsSync(config.stylesEntry);
  const hasWidgets = existsSync(config.widgetsDir);
  async function loadStyles(): Promise<void> {
    if (!hasStyles()) return;
    // With the colours of highlighted code: the site's config (is highlighting off?) lives in the render worker.
    const css = await compileCss(config.stylesEntry, { highlight: true });
    cssVersion++;
    assets.set('/assets/main.css', { body: css.code, type: 'text/css; charset=utf-8' });
  }
  async function loadStatics(): Promise<Record<string, string>> {
    const s = await staticFiles(config.staticDir);
    for (const [name, f] of s.files) {
      assets.set(`/${f.file}`, { body: f.bytes, type: name.endsWith('.svg') ? 'image/svg+xml' : name.endsWith('.png') ? 'image/png' : 'application/octet-stream' });
    }
    return s.urls;
  }
  let statics: Record<string, string> = {};
  // Dev pages carry the same CSP as a build, with the dev backend allowed for connect.
  let backendUrl = options.backend === false ? null : `http://127.0.0.1:${backendPort}`;
  const pageAssets = () => ({
    stylesheet: hasStyles() ? `/assets/main.css?v=${cssVersion}` : '',
    scripts: hasWidgets ? ['/assets/loader.js'] : [],
    statics,
    backendUrl: hasWidgets ? backendUrl : null,
  });
  async function primeWorker(): Promise<void> {
    await worker.call({ type: 'assets', assets: pageAssets() });
    await worker.call({ type: 'load' });
  }

  // Widgets: an incremental esbuild context with stable entry names.
  let ctx: esbuild.BuildContext | undefined;
  const bundleReady = (async () => {
    const backend = await backendSettings.catch(() => null);
    const base = esbuildOptions({ widgetsDir: config.widgetsDir, backend: backend && { url: backend.url, anonKey: backend.anonKey }, minify: false });
    ctx = await esbuild.context({ ...base, entryNames: '[name]', sourcemap: 'inline' });
  })();
  const firstBundle = bundleReady.then(() => rebundle());
  async function rebuildTemplates(): Promise<string> {
    return bundle.rebuild().catch((e: { errors?: esbuild.Message[] }) => {
      const first = e.errors?.[0];
      throw new SiteError('TemplateCompileFailed', {
        file: first?.location?.file ?? 'templates',
        line: first?.location?.line,
        reason: first?.text ?? String(e),
      });
    });
  }
  async function rebundle(): Promise<void> {
    if (!hasWidgets) return;
    await bundleReady;
    const result = await ctx!.rebuild().catch((e: { errors?: esbuild.Message[] }) => {
      const first = e.errors?.[0];
      throw new SiteError('WidgetBundleFailed', {
        reason: `${first?.location ? `${first.location.file}:${first.location.line}: ` : ''}${first?.text ?? String(e)}`,
      });
    });
    for (const key of [...assets.keys()]) if (key.endsWith('.js')) assets.delete(key);
    const cwd = process.cwd();
    for (const out of result.outputFiles ?? []) {
      assets.set(`/${path.relative(cwd, out.path).split(path.sep).join('/')}`, { body: out.contents, type: 'text/javascript; charset=utf-8' });
    }
  }

  try {
    [, statics] = await Promise.all([loadStyles(), loadStatics()]);
    await primeWorker();
  } catch (e) {
    setError(e);
  }

  // Changes are applied one batch at a time, in order.
  let queue = Promise.resolve();
  const pending = new Map<string, ReturnType<typeof classifyChange>>();
  let timer: NodeJS.Timeout | undefined;
  const roots = {
    contentDir: config.contentDir,
    templatesDir: config.templatesDir,
    widgetsDir: config.widgetsDir,
    supabaseDir: config.supabaseDir,
    configFile: path.join(config.root, CONFIG_FILE),
  };
  // chokidar drops a second "change" within 50 ms of the first and never
  // re-emits it, so every event also schedules a trailing look at the file:
  // an edit that chokidar swallowed is still picked up (never miss an edit).
  const seen = new Map<string, string>();
  const fingerprint = (file: string) => stat(file).then((s) => `${s.mtimeMs}:${s.size}`, () => 'gone');
  const recheck = (file: string) =>
    setTimeout(async () => {
      if ((await fingerprint(file)) !== seen.get(file)) onFile(file);
    }, 75);
  const onFile = (file: string) => {
    const change = classifyChange(path.resolve(file), roots);
    if (change.kind === 'ignore') return;
    void fingerprint(file).then((fp) => {
      seen.set(file, fp);
      recheck(file);
    });
    pending.set(`${change.kind}:${change.rel}`, change);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = [...pending.values()];
      pending.clear();
      queue = queue.then(() => applyBatch(batch));
    }, 5);
  };

  async function applyBatch(batch: ReturnType<typeof classifyChange>[]): Promise<void> {
    const kinds = new Set(batch.map((c) => c.kind));
    const hadError = error !== null;
    try {
      if (kinds.has('migration')) {
        log(`Migration changed: ${batch.filter((c) => c.kind === 'migration').map((c) => c.rel).join(', ')}.\nRestart \`site dev\` to apply new migrations to ${dataDir} (your data stays), or delete that folder to start from a clean database.`);
      }
      if (kinds.has('style')) {
        await loadStyles();
        await worker.call({ type: 'assets', assets: pageAssets() });
        hub.send('css', { href: pageAssets().stylesheet });
      }
      if (kinds.has('static')) {
        statics = await loadStatics();
        await worker.call({ type: 'assets', assets: pageAssets() });
      }
      if (kinds.has('widget')) await rebundle();
      let affected: string[] | '*' = [];
      if (kinds.has('template') || (hadError && !kinds.has('content'))) {
        await worker.restart(kinds.has('template') ? await rebuildTemplates() : bundle.file);
        await primeWorker();
        affected = '*';
      } else if (kinds.has('content')) {
        const files = batch.filter((c) => c.kind === 'content').map((c) => c.rel);
        const res = await worker.call(hadError ? { type: 'load' } : { type: 'update', files });
        affected = res.affected ?? '*';
      }
      if (kinds.has('static') || kinds.has('widget')) affected = '*';
      error = null;
      if (affected === '*' || affected.length) {
        version++;
        hub.send('change', { paths: affected });
      }
    } catch (e) {
      setError(e);
    }
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (url.pathname === DEV_EVENTS_PATH) return hub.attach(res, { version, error, css: pageAssets().stylesheet });
      if (url.pathname === DEV_CLIENT_PATH) {
        return void res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }).end(devClientSource);
      }
      // Content images: the variants the worker stored, by their content-addressed names.
      if (url.pathname.startsWith('/assets/images/')) {
        await queue;
        const name = path.posix.basename(url.pathname);
        const body = await readFile(path.join(config.cacheDir, 'images', name)).catch(() => null);
        if (!body || name.startsWith('.')) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return void res.writeHead(200, { 'content-type': types[path.extname(name)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
      }
      // The search index's shards and the social images are made from the content, by the worker (below).
      if (url.pathname.startsWith('/assets/') && !url.pathname.startsWith('/assets/search/') && !url.pathname.startsWith('/assets/social/')) {
        if (url.pathname.endsWith('.js')) await firstBundle.catch(() => {});
        const a = assets.get(url.pathname);
        if (!a) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return void res.writeHead(200, { 'content-type': a.type, 'cache-control': 'no-store' }).end(a.body);
      }
      await queue;
      if (error) return void res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' }).end(overlayHtml(error, `${DEV_CLIENT_PATH}?v=-1`));
      const { result } = await worker.call({ type: 'render', path: url.pathname });
      if (!result) return void res.writeHead(404).end();
      if (result.location) return void res.writeHead(result.status, { location: result.location, 'cache-control': 'no-store' }).end();
      const body =
        result.type === 'text/html' && typeof result.body === 'string'
          ? result.body.replace('</head>', `<script type="module" src="${DEV_CLIENT_PATH}?v=${version}"></script></head>`)
          : result.body;
      const type = typeof result.body === 'string' ? `${result.type}; charset=utf-8` : result.type;
      res.writeHead(result.status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    } catch (e) {
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' }).end(overlayHtml(toWireError(e), `${DEV_CLIENT_PATH}?v=-1`));
    }
  });
  const port = await listen(server, options.port ?? 4321).catch(async (e: unknown) => {
    // Nothing may keep running when the server cannot start.
    await worker.terminate();
    await bundleReady.catch(() => {});
    await Promise.all([ctx?.dispose(), bundle.dispose(), backendReady.then((b) => b?.close(), () => {})]);
    throw e;
  });
  const url = `http://127.0.0.1:${port}`;

  const watcher = chokidar.watch([config.contentDir, config.templatesDir, config.widgetsDir, path.join(config.supabaseDir, 'migrations'), roots.configFile], {
    ignoreInitial: true,
  });
  watcher.on('add', onFile).on('change', onFile).on('unlink', onFile);
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  log(`site dev ready in ${Math.round(performance.now() - started)} ms: ${url}`);
  const backend = await backendReady.then(
    (b) => {
      if (!b) return null;
      // The site's own pages are redirect targets of the mailed links, whatever port it got.
      b.allowRedirectUrls(siteRedirectUrls(url));
      log(`Backend API: ${b.apiUrl}\nAnon key: ${b.anonKey}\n${b.inboxUrl ? `Inbox (sign-up confirmations, sign-in links): ${b.inboxUrl}\n` : ''}Grant admin after signing up at ${url}/auth:\n  npx site admin grant <email> --port ${b.port}${options.dataDir ? ` --data-dir ${options.dataDir}` : ''}`);
      return { url: b.apiUrl, anonKey: b.anonKey, serviceRoleKey: b.serviceRoleKey, close: b.close };
    },
    async (e: unknown) => {
      // Not the site's error: pages keep rendering (status 200), only the forms lack a backend.
      const failure = backendFailure(e, backendPort);
      log(`\n${formatSiteError(failure ?? toWireError(e))}\n`);
      const fallback = await backendSettings.catch(() => null);
      if (fallback && fallback.url !== backendUrl) {
        backendUrl = fallback.url;
        await worker.call({ type: 'assets', assets: pageAssets() }).catch(() => {});
      }
      const forms = !fallback
        ? 'show an error'
        : fallback.running
          ? `use ${fallback.url}, the backend that holds ${dataDir}`
          : `use ${fallback.url} and show an error until a backend answers there`;
      log(`The site is served without its own backend: forms ${forms}.`);
      return null;
    },
  );
  await firstBundle.catch(setError);

  const close = async () => {
    clearTimeout(timer);
    hub.close();
    await watcher.close();
    await new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
    await Promise.all([worker.terminate(), ctx?.dispose(), bundle.dispose(), backend?.close()]);
  };
  if (options.open) {
    spawn(process.platform === 'darwin' ? 'open' : 'xdg-open', [url], { stdio: 'ignore', detached: true }).on('error', () => {});
  }
  return {
    url,
    backend: backend && { url: backend.url, anonKey: backend.anonKey, serviceRoleKey: backend.serviceRoleKey },
    settled: async () => {
      await new Promise((r) => setTimeout(r, 10));
      await queue;
    },
    close,
  };
}
