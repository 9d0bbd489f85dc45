/**
 * `site dev`: serves the site from memory on 127.0.0.1 with live reload,
 * the embedded backend and an error overlay. It serves what `site build`
 * writes, made by the build's own stages: content, routes and pages in a
 * render worker (siteWorker.ts), the stylesheet, static files and widget
 * bundle by the build's asset stages (DevAssets.ts). Pages render on demand
 * and are re-rendered only when a file they read changes.
 */
import { COMPONENTS_DIR } from '../content/components/componentHashes.ts';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { resolveConfig, type BackendSettings } from '../config.ts';
import { SiteError } from '../core/errors.ts';
import { generatorRoot } from '../cache/sourceKey.ts';
import { CONFIG_FILE } from '../site/loadSite.ts';
import { randomBytes } from 'node:crypto';
import { EDITOR_PREFIX } from '../editor/editorAccess.ts';
import { editorHandler } from '../editor/editorHandler.ts';
import { announceBackend } from './announceBackend.ts';
import { devBackend } from './devBackend.ts';
import { devRequestHandler } from './devRequestHandler.ts';
import { DevSite } from './DevSite.ts';
import { watchSite } from './devWatcher.ts';
import { listen, serverUrl } from './listen.ts';
import { SseHub } from './sse.ts';
import { workerBundle } from './workerBundle.ts';
import type { EditorAsk } from './workerProtocol.ts';

export interface DevOptions {
  port?: number;
  /** The address to listen on (default 127.0.0.1; `0.0.0.0`: every address); a name given here is a Host the server answers (hostCheck.ts). */
  host?: string;
  backendPort?: number;
  dataDir?: string;
  open?: boolean;
  /** false: no embedded backend (forms show their error toast). A site without a supabase/ folder never has one. */
  backend?: boolean;
  root?: string;
  content?: string;
  /** The build cache, where content images are stored (default .site/cache/build). */
  cacheDir?: string;
  log?: (line: string) => void;
}

export interface DevServer {
  url: string;
  /** The content editor, for this start only (its token is in the path). */
  editorUrl: string;
  backend: (BackendSettings & { serviceRoleKey: string }) | null;
  /** Resolves when the change being processed (if any) has been served. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function dev(options: DevOptions = {}): Promise<DevServer> {
  const started = performance.now();
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const config = resolveConfig('dev', { root: options.root, content: options.content, cacheDir: options.cacheDir, write: false, backend: null, log });
  const configFile = path.join(config.root, CONFIG_FILE);
  if (!existsSync(configFile)) throw new SiteError('SiteConfigMissing', { root: config.root });
  const dataDir = options.dataDir ?? '.site/db';
  // The backend boots in parallel; the site serves pages meanwhile. A site without a supabase/ folder has
  // no backend: none boots, nothing about admin is said, and the widgets get no backend settings.
  const withBackend = options.backend !== false && existsSync(config.supabaseDir);
  // The site's own supabase/ folder: the root's, also when the server is started from another folder (the programmatic API).
  const backend = devBackend({ backend: withBackend, backendPort: options.backendPort, dataDir, supabaseDir: config.supabaseDir, log });
  const bundle = await workerBundle(generatorRoot, config.root, path.join(generatorRoot, 'generator', 'dev', 'siteWorker.ts'), () =>
    log('Bundling the templates for the render worker (first start, and after they change)...'),
  );
  const hub = new SseHub();
  const site = new DevSite(config, bundle, hub, log, dataDir);
  const { contentDir, templatesDir, widgetsDir, supabaseDir } = config;
  // The watcher looks at every file of the site (seconds on thousands of articles): on this thread while the
  // worker reads the content. A change it sees meanwhile is applied after the start.
  const watching = watchSite({ contentDir, templatesDir, widgetsDir, supabaseDir, configFile, componentsDir: path.join(config.root, COMPONENTS_DIR) }, (batch) => void site.apply(batch));
  watching.catch(() => {});
  await site.start(backend.expected.catch(() => null));

  // The editor writes content files: a new secret for each start, in its every URL (editor/editorAccess.ts).
  const token = randomBytes(18).toString('base64url');
  const ask = async (ask: EditorAsk) => {
    await site.settled();
    return (await site.worker.call({ type: 'editor', ask })).editor;
  };
  const editor = { base: `${EDITOR_PREFIX}${token}/`, handle: editorHandler({ contentDir: config.contentDir, ask, log }, token) };
  const hosts = () => ({ allowedHosts: site.allowedHosts, host: options.host });
  const server = http.createServer(devRequestHandler(site, hub, path.join(config.cacheDir, 'images'), editor, hosts));
  const port = await listen(server, options.port ?? 4321, options.host).catch(async (e: unknown) => {
    // Nothing may keep running when the server cannot start.
    await Promise.all([site.close(), bundle.dispose(), backend.running.then((b) => b?.close(), () => {}), watching.then((w) => w.close(), () => {})]);
    throw e;
  });
  const url = serverUrl(options.host, port);
  const watcher = await watching;

  log(`site dev ready in ${Math.round(performance.now() - started)} ms: ${url}`);
  // The editor answers this machine only (editor/editorAccess.ts): its URL names the loopback address.
  const editorUrl = `http://127.0.0.1:${port}${editor.base}`;
  log(`Editor  ${editorUrl}`);
  const signUp = await site.started(url);
  const served = await announceBackend(backend, site, url, { dataDir, dataDirFlag: options.dataDir, signUp, log });

  const close = async () => {
    hub.close();
    await watcher.close();
    await new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
    await Promise.all([site.close(), bundle.dispose(), served?.close()]);
  };
  if (options.open) {
    spawn(process.platform === 'darwin' ? 'open' : 'xdg-open', [url], { stdio: 'ignore', detached: true }).on('error', () => {});
  }
  return {
    url,
    editorUrl,
    backend: served && { url: served.url, anonKey: served.anonKey, serviceRoleKey: served.serviceRoleKey },
    settled: async () => {
      await new Promise((r) => setTimeout(r, 10));
      await site.settled();
    },
    close,
  };
}
