/**
 * Build-time checks over the finished pages. Each returns the problems it
 * found (page and what is wrong); runChecks turns them into one
 * CheckFailed error per failing check. Pure.
 */
import { requiredJsonLd } from './requiredJsonLd.ts';
import { scanHtml, type Tag } from './scanHtml.ts';

export interface CheckedPage {
  url: string;
  html: string;
}

export interface CheckInput {
  pages: CheckedPage[];
  /** Every output file path (relative, e.g. "assets/main.x.css", "feed.xml"). */
  files: string[];
  sitemapXml: string;
  siteUrl: string;
}

export type Check = (input: CheckInput, scanned: Map<string, Tag[]>) => string[];

const isNoindex = (tags: Tag[]) => tags.some((t) => t.name === 'meta' && t.attrs.name === 'robots' && /noindex/.test(t.attrs.content ?? ''));
const ids = (tags: Tag[]) => new Set(tags.map((t) => t.attrs.id).filter(Boolean));

/** Internal links and #anchors that point nowhere. */
export const brokenLinks: Check = ({ pages, files }, scanned) => {
  const byUrl = new Map(pages.map((p) => [p.url, scanned.get(p.url)!]));
  const fileSet = new Set(files.map((f) => `/${f}`));
  const problems: string[] = [];
  for (const page of pages) {
    const tags = scanned.get(page.url)!;
    for (const t of tags) {
      const ref = t.name === 'a' || t.name === 'link' ? t.attrs.href : t.name === 'img' || t.name === 'script' ? t.attrs.src : undefined;
      if (!ref || /^(https?:|mailto:|tel:|data:)/.test(ref) || t.attrs.rel === 'canonical' || t.attrs.rel === 'alternate') continue;
      const [beforeHash, anchor] = ref.split('#') as [string, string | undefined];
      const path = beforeHash.split('?')[0]!;
      const targetUrl = path === '' ? page.url : path;
      const targetTags = byUrl.get(targetUrl);
      if (!targetTags && !fileSet.has(targetUrl)) {
        problems.push(`${page.url}: <${t.name}> points to ${ref}, which no route or file provides`);
        continue;
      }
      if (anchor && targetTags && !ids(targetTags).has(anchor)) problems.push(`${page.url}: link to ${ref} has no element with id "${anchor}"`);
    }
  }
  return problems;
};

/** Images without an alt attribute (alt="" is fine for decoration). */
export const missingAlt: Check = ({ pages }, scanned) =>
  pages.flatMap((p) => scanned.get(p.url)!.filter((t) => t.name === 'img' && !('alt' in t.attrs)).map((t) => `${p.url}: <img src="${t.attrs.src}"> has no alt text`));

/** Every page a title and description of its own. */
export const duplicateHead: Check = ({ pages }, scanned) => {
  const problems: string[] = [];
  const seen = { title: new Map<string, string>(), description: new Map<string, string>() };
  for (const p of pages) {
    const html = p.html;
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim();
    const description = scanned.get(p.url)!.find((t) => t.name === 'meta' && t.attrs.name === 'description')?.attrs.content?.trim();
    for (const [kind, value] of [['title', title], ['description', description]] as const) {
      if (!value) problems.push(`${p.url}: has no ${kind}`);
      else if (seen[kind].has(value)) problems.push(`${p.url}: has the same ${kind} as ${seen[kind].get(value)} ("${value}")`);
      else seen[kind].set(value, p.url);
    }
  }
  return problems;
};

/** JSON-LD blocks that do not parse or miss what search engines require for their type. */
export const invalidJsonLd: Check = ({ pages }, scanned) =>
  pages.flatMap((p) =>
    scanned
      .get(p.url)!
      .filter((t) => t.name === 'script' && t.attrs.type === 'application/ld+json')
      .flatMap((t) => {
        try {
          return requiredJsonLd(JSON.parse(t.text ?? '')).map((m) => `${p.url}: ${m}`);
        } catch (e) {
          return [`${p.url}: a JSON-LD block is not valid JSON (${(e as Error).message})`];
        }
      }),
  );

/** Pages marked noindex must not be offered to search engines in the sitemap. */
export const noindexInSitemap: Check = ({ pages, sitemapXml, siteUrl }, scanned) => {
  const listed = new Set([...sitemapXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(siteUrl, '') || '/'));
  return pages.filter((p) => isNoindex(scanned.get(p.url)!) && listed.has(p.url === '/' ? '/' : p.url)).map((p) => `${p.url}: is noindex but listed in sitemap.xml`);
};

/** No inline scripts, event-handler attributes or style attributes: the CSP forbids them. */
export const inlineCode: Check = ({ pages }, scanned) =>
  pages.flatMap((p) =>
    scanned.get(p.url)!.flatMap((t) => {
      const out: string[] = [];
      if (t.name === 'script' && !t.attrs.src && t.attrs.type !== 'application/ld+json') out.push(`${p.url}: has an inline <script>`);
      if (t.name === 'style') out.push(`${p.url}: has an inline <style> element`);
      for (const a of Object.keys(t.attrs)) {
        if (/^on[a-z]+$/.test(a)) out.push(`${p.url}: <${t.name}> has an inline event handler (${a})`);
        if (a === 'style') out.push(`${p.url}: <${t.name}> has a style attribute`);
      }
      if (t.name === 'a' && /^\s*javascript:/i.test(t.attrs.href ?? '')) out.push(`${p.url}: has a javascript: link`);
      return out;
    }),
  );

export const checks: Record<string, Check> = {
  'Broken internal links': brokenLinks,
  'Images without alt text': missingAlt,
  'Missing or duplicate titles and descriptions': duplicateHead,
  'Invalid structured data': invalidJsonLd,
  'Noindex pages in the sitemap': noindexInSitemap,
  'Inline code the Content-Security-Policy would block': inlineCode,
};
