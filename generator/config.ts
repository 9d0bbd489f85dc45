/**
 * One config resolver for build, dev and preview (they differ only at the
 * edges). Flags and environment come in; a ResolvedConfig with absolute
 * paths comes out.
 */
import path from 'node:path';
import { SiteError } from './core/errors.ts';
import { protectedReason, siteFolders } from './output/checkOutDir.ts';
import { keepNameProblem } from './output/outputMarker.ts';
import { DEFAULT_CACHE_DIR, DEFAULT_CONTENT_DIR } from './defaults.mjs';

export type Mode = 'build' | 'dev' | 'preview';

export interface BackendSettings {
  url: string;
  /** The key a browser may hold: the publishable key (sb_publishable_…), or the legacy anon key. */
  anonKey: string;
}

export interface SiteOptions {
  /** Project root; templates, widgets and supabase live here. Default: cwd. */
  root?: string;
  /** Output folder (relative to root). Default: dist. */
  out?: string;
  /** Replace an output folder that is not empty and was not written by a build (generator/output/checkOutDir.ts). Default: false. */
  emptyOutDir?: boolean;
  /** Entries at the top of the output folder that a build leaves in place, such as .git and CNAME (a site published from the output's own repository). Default: none. */
  keep?: string[];
  /** Content folder (relative to root). Default: content. */
  content?: string;
  /** Absolute site URL; default: "url" in content/site.json. */
  siteUrl?: string;
  /** false: return pages in memory and write nothing. Default: true. */
  write?: boolean;
  /** Supabase project the widgets talk to. Default: SITE_SUPABASE_URL and SITE_SUPABASE_PUBLISHABLE_KEY (else the legacy SITE_SUPABASE_ANON_KEY). */
  backend?: BackendSettings | null;
  /** Where progress and warnings go. Default: stderr. */
  log?: (line: string) => void;
  /** false: ignore what the build cache holds (a cold build), then refill it. Default: true. */
  cache?: boolean;
  /** Build cache folder (relative to root). Default: .site/cache/build. */
  cacheDir?: string;
  /** Worker threads beside the main one; default: one per further core when there are thousands of articles or pages, else none. */
  workers?: number;
  /** Show a progress line on a terminal for builds over a second. Default: true. */
  progress?: boolean;
  /** Include the list collections' drafts (content/selectPublished.ts). Default: false; true in dev. */
  drafts?: boolean;
  /** Include entries dated after `now`. Default: false; true in dev. */
  future?: boolean;
  /** The build's moment, for what is dated after it. Default: the current time. */
  now?: Date;
  /** false: make no social images (generator/social/); every page has the site's default image. Default: true. */
  socialImages?: boolean;
}

export interface ResolvedConfig {
  mode: Mode;
  root: string;
  contentDir: string;
  outDir: string;
  emptyOutDir: boolean;
  /** Entries of outDir that the build leaves in place (writeOutput.ts). */
  keep: string[];
  templatesDir: string;
  widgetsDir: string;
  staticDir: string;
  stylesEntry: string;
  supabaseDir: string;
  siteUrl?: string;
  write: boolean;
  backend: BackendSettings | null;
  log: (line: string) => void;
  cacheDir: string;
  readCache: boolean;
  workers?: number;
  progress: boolean;
  drafts: boolean;
  future: boolean;
  /** ms since the epoch. */
  now: number;
  socialImages: boolean;
}

export function backendFromEnv(env: NodeJS.ProcessEnv = process.env): BackendSettings | null {
  const url = env.SITE_SUPABASE_URL;
  const anonKey = env.SITE_SUPABASE_PUBLISHABLE_KEY || env.SITE_SUPABASE_ANON_KEY;
  return url && anonKey ? { url, anonKey } : null;
}

export function checkSiteUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
    return url.replace(/\/+$/, '');
  } catch {
    throw new SiteError('SiteUrlInvalid', { url });
  }
}

export function resolveConfig(mode: Mode, options: SiteOptions = {}): ResolvedConfig {
  const root = path.resolve(options.root ?? process.cwd());
  const contentDir = path.resolve(root, options.content ?? DEFAULT_CONTENT_DIR);
  const outDir = path.resolve(root, options.out ?? 'dist');
  const templatesDir = path.join(root, 'templates');
  const cacheDir = path.resolve(root, options.cacheDir ?? DEFAULT_CACHE_DIR);
  // Building replaces outDir whole: it must keep clear of the sources (what the folder holds is checked
  // by the build itself, guardOutDir.ts).
  const reason = protectedReason(outDir, siteFolders({ root, contentDir, templatesDir, cacheDir }));
  if (reason) throw new SiteError('OutputDirUnsafe', { dir: outDir, reason });
  const keep = [...new Set(options.keep ?? [])];
  for (const name of keep) {
    const problem = keepNameProblem(name);
    if (problem) throw new SiteError('OutputKeepInvalid', { name, reason: problem });
  }
  return {
    mode,
    root,
    contentDir,
    outDir,
    emptyOutDir: options.emptyOutDir ?? false,
    keep,
    templatesDir,
    widgetsDir: path.join(root, 'widgets'),
    staticDir: path.join(templatesDir, 'static'),
    stylesEntry: path.join(templatesDir, 'styles', 'main.css'),
    supabaseDir: path.join(root, 'supabase'),
    siteUrl: options.siteUrl ? checkSiteUrl(options.siteUrl) : undefined,
    write: options.write ?? true,
    backend: options.backend === undefined ? backendFromEnv() : options.backend,
    log: options.log ?? ((line) => process.stderr.write(`${line}\n`)),
    cacheDir,
    readCache: options.cache ?? true,
    workers: options.workers,
    progress: options.progress ?? true,
    drafts: options.drafts ?? mode === 'dev',
    future: options.future ?? mode === 'dev',
    now: options.now?.getTime() ?? Date.now(),
    socialImages: options.socialImages ?? true,
  };
}
