/**
 * `site preview`: serves a built folder as a static host would (clean URLs,
 * 404.html with status 404, `_headers` applied, gzip/brotli), optionally with
 * the embedded backend for a site built against it. It answers the Hosts
 * `site dev` does: IP addresses, localhost, `--host` and the site config's
 * `allowedHosts` (hostCheck.ts).
 */
import { existsSync } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { isSiteError, SiteError } from '../core/errors.ts';
import { recoverOutput } from '../output/commitJournal.ts';
import { CONFIG_FILE, loadSite } from '../site/loadSite.ts';
import type { AllowedHosts } from './hostCheck.ts';
import { serveStatic } from './serveStatic.ts';
import { siteRedirectUrls } from './siteRedirectUrls.ts';

export interface PreviewOptions {
  port: number;
  /** The address to listen on (default 127.0.0.1; `0.0.0.0`: every address); a name given here is a Host it answers. */
  host?: string;
  /** Hosts answered besides IP addresses, localhost and `host` (hostCheck.ts); default: the site config's `allowedHosts`. */
  allowedHosts?: AllowedHosts;
  dir: string;
  backend?: boolean;
  backendPort?: number;
  dataDir?: string;
  /** The site's folder (default: the current one): only a site with a supabase/ folder has a backend to start. */
  root?: string;
  log?: (line: string) => void;
}

export async function preview(options: PreviewOptions): Promise<{ url: string; close(): Promise<void> }> {
  const dir = path.resolve(options.dir);
  // A build killed during its commit left a journal: its output is completed before it is served.
  recoverOutput(dir);
  await access(path.join(dir, 'index.html')).catch(() => {
    throw new SiteError('PreviewDirMissing', { dir: options.dir });
  });
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const allowedHosts = options.allowedHosts ?? (await siteAllowedHosts(path.resolve(options.root ?? '.'), log));
  const server = await serveStatic({ dir, port: options.port, host: options.host, allowedHosts });
  log(`Previewing ${options.dir}/ at ${server.url}`);
  let backend: { close(): Promise<void> } | undefined;
  const hasBackend = existsSync(path.resolve(options.root ?? '.', 'supabase'));
  if (options.backend && !hasBackend) log('This site has no supabase/ folder: there is no backend to start.');
  if (options.backend && hasBackend) {
    const { startBackend } = await import('../backend/startBackend.ts');
    const b = await startBackend({ port: options.backendPort ?? 54321, dataDir: options.dataDir ?? '.site/db', allowedOrigins: [server.url], additionalRedirectUrls: siteRedirectUrls(server.url) });
    backend = b;
    log(`Backend at ${b.apiUrl}\nBuild the site against it with:\n  SITE_SUPABASE_URL=${b.apiUrl} SITE_SUPABASE_PUBLISHABLE_KEY=${b.publishableKey} npx site build`);
  }
  const close = async () => {
    await Promise.all([server.close(), backend?.close()]);
  };
  return { url: server.url, close };
}

/** The `allowedHosts` of the site config at `root`: none without one, or when it cannot be read (said once). */
async function siteAllowedHosts(root: string, log: (line: string) => void): Promise<AllowedHosts> {
  if (!existsSync(path.join(root, CONFIG_FILE))) return [];
  try {
    return (await loadSite(root)).allowedHosts ?? [];
  } catch (e) {
    log(`${CONFIG_FILE} could not be read (${isSiteError(e) ? e.message : String(e)}): only IP addresses and localhost are answered.`);
    return [];
  }
}
