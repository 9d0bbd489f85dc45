/**
 * Build-time checks over the finished pages, from their summaries (see
 * summarizePage.ts). Each returns the problems it found (page and what is
 * wrong); runChecks turns them into one CheckFailed error per failing
 * check. The checks that need only the page itself read the problems
 * summarizePage already found; the others compare pages. Pure.
 */
import type { LocalCheck, PageSummary } from './summarizePage.ts';

export interface CheckInput {
  pages: PageSummary[];
  /** Every output file path (relative, e.g. "assets/main.x.css", "feed.xml"). */
  files: string[];
  sitemapXml: string;
  siteUrl: string;
  /** Old path -> its target (a route path or an https:// URL): a link to an old path is followed. */
  redirects?: Record<string, string>;
}

export type Check = (input: CheckInput) => string[];

const local = (check: LocalCheck): Check => ({ pages }) => pages.flatMap((p) => p.problems[check] ?? []);

/** Internal links and #anchors that point nowhere. */
export const brokenLinks: Check = ({ pages, files, redirects = {} }) => {
  const byUrl = new Map(pages.map((p) => [p.url, p]));
  const idsByUrl = new Map<string, Set<string>>();
  const hasId = (p: PageSummary, id: string) => {
    let ids = idsByUrl.get(p.url);
    if (!ids) idsByUrl.set(p.url, (ids = new Set(p.ids)));
    return ids.has(id);
  };
  const fileSet = new Set(files.map((f) => `/${f}`));
  /** What is wrong with a ref from this page: null = no route or file; a string = the #anchor it lacks; '' = nothing. */
  const verdict = (page: PageSummary, ref: string): string | null => {
    const [beforeHash, anchor] = ref.split('#') as [string, string | undefined];
    const path = beforeHash.split('?')[0]!;
    const asked = path === '' ? page.url : path;
    // A link to an old path reaches its target (the build warns about it: see linksToRedirects).
    const targetUrl = !byUrl.has(asked) && !fileSet.has(asked) && Object.hasOwn(redirects, asked) ? redirects[asked]! : asked;
    if (/^https:\/\//.test(targetUrl)) return '';
    const target = byUrl.get(targetUrl);
    if (!target && !fileSet.has(targetUrl)) return null;
    return anchor && target && !hasId(target, anchor) ? anchor : '';
  };
  // Most refs are the same nav and footer links on every page: judge each "tag ref" once, unless it is relative to its page (#x, ?q).
  const verdicts = new Map<string, string | null>();
  const problems: string[] = [];
  for (const page of pages) {
    for (const entry of page.refs) {
      const space = entry.indexOf(' ');
      const samePage = entry[space + 1] === '#' || entry[space + 1] === '?';
      let wrong = samePage ? undefined : verdicts.get(entry);
      if (wrong === undefined) {
        wrong = verdict(page, entry.slice(space + 1));
        if (!samePage) verdicts.set(entry, wrong);
      }
      if (wrong === '') continue;
      const ref = entry.slice(space + 1);
      if (wrong === null) problems.push(`${page.url}: <${entry.slice(0, space)}> points to ${ref}, which no route or file provides`);
      else problems.push(`${page.url}: link to ${ref} has no element with id "${wrong}"`);
    }
  }
  return problems;
};

/**
 * Not a failing check: links to an old path still work (the host redirects them), but cost every
 * visitor a round trip, so the build warns with the new path, once per page and old path.
 */
export function linksToRedirects({ pages, redirects = {} }: Pick<CheckInput, 'pages' | 'redirects'>): string[] {
  const byUrl = new Set(pages.map((p) => p.url));
  // Most refs are the same nav and footer links on every page: each distinct "tag ref" is judged once,
  // not split again for every page at the end of every build.
  const oldPathOf = new Map<string, string | null>();
  const oldPath = (entry: string): string | null => {
    let path = oldPathOf.get(entry);
    if (path === undefined) {
      const asked = entry.slice(entry.indexOf(' ') + 1).split('#')[0]!.split('?')[0]!;
      oldPathOf.set(entry, (path = !byUrl.has(asked) && Object.hasOwn(redirects, asked) ? asked : null));
    }
    return path;
  };
  const warnings: string[] = [];
  for (const page of pages) {
    let seen: Set<string> | undefined;
    for (const entry of page.refs) {
      const path = oldPath(entry);
      if (path === null || seen?.has(path)) continue;
      (seen ??= new Set()).add(path);
      warnings.push(`${page.url}: links to ${path}, which redirects to ${redirects[path]}; link to ${redirects[path]} instead`);
    }
  }
  return warnings;
}

/** Images without an alt attribute (alt="" is fine for decoration). */
export const missingAlt: Check = local('missingAlt');

/** Every page a title and description of its own. */
export const duplicateHead: Check = ({ pages }) => {
  const problems: string[] = [];
  const seen = { title: new Map<string, string>(), description: new Map<string, string>() };
  for (const p of pages) {
    for (const kind of ['title', 'description'] as const) {
      const value = p[kind];
      if (!value) problems.push(`${p.url}: has no ${kind}`);
      else if (seen[kind].has(value)) problems.push(`${p.url}: has the same ${kind} as ${seen[kind].get(value)} ("${value}")`);
      else seen[kind].set(value, p.url);
    }
  }
  return problems;
};

/** JSON-LD blocks that do not parse or miss what search engines require for their type (see requiredJsonLd.ts). */
export const invalidJsonLd: Check = local('invalidJsonLd');

/** Pages marked noindex must not be offered to search engines in the sitemap. */
export const noindexInSitemap: Check = ({ pages, sitemapXml, siteUrl }) => {
  const listed = new Set([...sitemapXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(siteUrl, '') || '/'));
  return pages.filter((p) => p.noindex && listed.has(p.url === '/' ? '/' : p.url)).map((p) => `${p.url}: is noindex but listed in sitemap.xml`);
};

/** No inline scripts, event-handler attributes, style elements or attributes, or javascript: links: the CSP forbids them. */
export const inlineCode: Check = local('inlineCode');

export const checks: Record<string, Check> = {
  'Broken internal links': brokenLinks,
  'Images without alt text': missingAlt,
  'Missing or duplicate titles and descriptions': duplicateHead,
  'Invalid structured data': invalidJsonLd,
  'Noindex pages in the sitemap': noindexInSitemap,
  'Inline code the Content-Security-Policy would block': inlineCode,
};
