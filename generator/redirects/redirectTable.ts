/**
 * The site's redirects in one table: the config's `redirects` (old path -> new) and every route's
 * `aliases` (old paths of that page), checked before anything renders. An old path must be a clean
 * site path that no page lives at; its target must be a route of the site (or an https:// URL of
 * another) and not itself redirected: no chains, no loops. Each problem is a SiteError naming the
 * paths and where the redirect was declared. Pure; `locate` finds the line of a declaration.
 */
import { SiteError } from '../core/errors.ts';
import { fileForPath } from '../seo/absoluteUrl.ts';
import type { Route } from '../site/defineConfig.ts';

/** Where a redirect was declared: the config's `redirects`, or a route's `aliases` (its entry's file, when it has one). */
export type RedirectSource = { kind: 'config' } | { kind: 'alias'; route: string; file?: string };

export interface Redirect {
  /** The old path, clean ("/old-post"). */
  from: string;
  /** A route path of the site, or an https:// URL. */
  to: string;
  /** The file the old path's redirect page is written to (fileForPath(from)). */
  file: string;
  source: RedirectSource;
}

/** The line of a declaration of `value` in the file `source` names, when it can be found. */
export type LocateRedirect = (source: RedirectSource, value: string) => number | undefined;

export const CONFIG_FIELD = 'redirects';
export const ALIAS_FIELD = 'aliases';

const external = /^https:\/\/[^\s/]+/;

/** What is wrong with an old path as written, or null; see RedirectPathInvalid's hint. */
export function pathProblem(path: string): string | null {
  if (!path.startsWith('/')) return 'does not start with "/"';
  if (/[\s?#*]/.test(path)) return 'holds a space, "?", "#" or "*" (redirect paths are exact paths)';
  const segments = path.split('/').slice(1);
  if (segments.some((s) => s.startsWith(':'))) return 'has a ":" segment, which hosts read as a placeholder';
  if (segments.slice(0, -1).some((s) => s === '') || segments.some((s) => s === '.' || s === '..')) return 'has an empty, "." or ".." segment';
  return null;
}

/** "/old/" and "/old" are one path (hosts and `site preview` send the first to the second). */
const clean = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export function redirectTable(routes: Route[], configured: Record<string, string> = {}, locate: LocateRedirect = () => undefined): Redirect[] {
  const where = (source: RedirectSource, value: string) => whereOf(source, value, locate);
  const declared: { from: string; to: string; source: RedirectSource }[] = [
    ...Object.entries(configured).map(([from, to]) => ({ from, to, source: { kind: 'config' } as const })),
    ...routes.flatMap((r) =>
      (r.aliases ?? []).map((from) => ({ from, to: r.path, source: { kind: 'alias', route: r.path, ...(r.entry?.file ? { file: r.entry.file } : {}) } as const })),
    ),
  ];

  const routeByPath = new Map(routes.map((r) => [r.path, r]));
  const routeByFile = new Map(routes.map((r) => [r.file.toLowerCase(), r]));
  const table = new Map<string, Redirect>();
  for (const { from: written, to: target, source } of declared) {
    const problem = pathProblem(written);
    if (problem) throw new SiteError('RedirectPathInvalid', { path: written, reason: problem, ...where(source, written) });
    const from = clean(written);
    const to = external.test(target) ? target : clean(target);
    const file = fileForPath(from);
    const route = routeByPath.get(from) ?? routeByFile.get(file.toLowerCase());
    if (route) throw new SiteError('RedirectShadowsRoute', { from, route: route.path, ...where(source, written) });
    const earlier = table.get(from);
    if (earlier && earlier.to !== to) {
      throw new SiteError('RedirectDuplicate', { from, targets: [earlier.to, to], declaredBy: [label(earlier.source), label(source)], ...where(source, written) });
    }
    if (!earlier) table.set(from, { from, to, file, source });
  }
  for (const r of table.values()) {
    if (external.test(r.to)) continue;
    const at = where(r.source, r.from);
    if (table.has(r.to)) {
      const paths = [r.from];
      let next = r.to;
      while (table.has(next) && !paths.includes(next)) {
        paths.push(next);
        next = table.get(next)!.to;
      }
      if (next === r.from) throw new SiteError('RedirectLoop', { paths: [...paths, r.from], ...at });
      throw new SiteError('RedirectChain', { from: r.from, to: r.to, next: table.get(r.to)!.to, ...at });
    }
    if (!routeByPath.has(r.to)) throw new SiteError('RedirectTargetUnknown', { from: r.from, to: r.to, ...at });
  }
  return [...table.values()];
}

/**
 * Fails an old path that is a file of the output besides the pages (a feed, robots.txt, an asset): hosts
 * follow a redirect before they serve a file, so the file would be gone.
 */
export function assertNoHiddenFiles(redirects: Redirect[], files: Iterable<string>, locate: LocateRedirect = () => undefined): void {
  const byPath = new Set([...files].map((f) => `/${f}`));
  for (const r of redirects) {
    if (byPath.has(r.from)) throw new SiteError('RedirectShadowsRoute', { from: r.from, route: r.from.slice(1), output: true, ...whereOf(r.source, r.from, locate) });
  }
}

/** The error location of a declaration: file, line when found, field. */
function whereOf(source: RedirectSource, value: string, locate: LocateRedirect): { file?: string; line?: number; field: string } {
  const line = locate(source, value);
  return source.kind === 'config'
    ? { file: 'site.config.ts', ...(line ? { line } : {}), field: CONFIG_FIELD }
    : { ...(source.file ? { file: source.file, ...(line ? { line } : {}) } : {}), field: source.file ? ALIAS_FIELD : `the aliases of the route ${source.route}` };
}

/** Who declared a redirect, in a message. */
function label(source: RedirectSource): string {
  return source.kind === 'config' ? `site.config.ts ${CONFIG_FIELD}` : source.file ? `${source.file} ${ALIAS_FIELD}` : `the aliases of the route ${source.route}`;
}
