/** Each build check fires on a failing fixture (HTML summarized as a render worker would), and a whole fixture site passes them all. */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { jsonLdRequirements } from '../../../generator/checks/jsonLdRules.ts';
import { brokenLinks, duplicateHead, inlineCode, invalidJsonLd, linksToRedirects, missingAlt, noindexInSitemap, type CheckInput } from '../../../generator/checks/checkPages.ts';
import { runChecks } from '../../../generator/checks/runChecks.ts';
import { summarizePage } from '../../../generator/checks/summarizePage.ts';
import { build } from '../../../generator/build.ts';
import { SiteError } from '../../../generator/core/errors.ts';

const SITE = 'https://example.com';
const doc = (title: string, body: string, head = '') =>
  `<!doctype html><html><head><title>${title}</title><meta name="description" content="About ${title}"/>${head}</head><body><main id="main">${body}</main></body></html>`;
const input = (pages: Record<string, string>, extra: Partial<CheckInput> = {}): CheckInput => ({
  pages: Object.entries(pages).map(([url, html]) => summarizePage(url, html)),
  files: ['assets/main.css', 'feed.xml'],
  sitemapXml: `<urlset>${Object.keys(pages).map((u) => `<url><loc>${SITE}${u === '/' ? '/' : u}</loc></url>`).join('')}</urlset>`,
  siteUrl: SITE,
  ...extra,
});
const run = (check: typeof brokenLinks, i: CheckInput) => check(i);

describe('build checks', () => {
  it('broken internal links and anchors', () => {
    const i = input({
      '/': doc('Home', '<a href="/pricing">ok</a><a href="/nowhere">bad</a><a href="/pricing#faq">ok</a><a href="/pricing#nope">bad</a><a href="#main">ok</a><a href="https://x.org/y">ext</a><link rel="stylesheet" href="/assets/main.css"/>'),
      '/pricing': doc('Pricing', '<h2 id="faq">FAQ</h2><a href="/blog?q=x">bad</a>'),
    });
    expect(run(brokenLinks, i)).toEqual([
      '/: <a> points to /nowhere, which no route or file provides',
      '/: link to /pricing#nope has no element with id "nope"',
      '/pricing: <a> points to /blog?q=x, which no route or file provides',
    ]);
  });

  it('judges a #anchor against its own page and reports a repeated broken link on every page', () => {
    const i = input({
      '/': doc('Home', '<h2 id="top">T</h2><a href="#top">ok</a><a href="/gone#x">bad</a><a href="?q=1#top">ok</a>'),
      '/b': doc('B', '<a href="#top">bad</a><a href="/gone#x">bad</a><a href="/#top">ok</a><a href="?q=1#top">bad</a>'),
    });
    expect(run(brokenLinks, i)).toEqual([
      '/: <a> points to /gone#x, which no route or file provides',
      '/b: link to #top has no element with id "top"',
      '/b: <a> points to /gone#x, which no route or file provides',
      '/b: link to ?q=1#top has no element with id "top"',
    ]);
  });

  it('follows a link to an old path to its target (anchors judged there), and warns once per page with the new path', () => {
    const redirects = { '/old-pricing': '/pricing', '/handbook': 'https://docs.example.org/' };
    const i = input(
      {
        '/': doc('Home', '<a href="/old-pricing">ok</a><a href="/old-pricing#faq">ok</a><a href="/old-pricing#nope">bad</a><a href="/handbook">ok</a><a href="/pricing">ok</a>'),
        '/pricing': doc('Pricing', '<h2 id="faq">FAQ</h2><a href="/old-pricing?x=1">ok</a><a href="/gone">bad</a>'),
      },
      { redirects },
    );
    expect(run(brokenLinks, i)).toEqual([
      '/: link to /old-pricing#nope has no element with id "nope"',
      '/pricing: <a> points to /gone, which no route or file provides',
    ]);
    expect(linksToRedirects(i)).toEqual([
      '/: links to /old-pricing, which redirects to /pricing; link to /pricing instead',
      '/: links to /handbook, which redirects to https://docs.example.org/; link to https://docs.example.org/ instead',
      '/pricing: links to /old-pricing, which redirects to /pricing; link to /pricing instead',
    ]);
    // Without the redirect, the same link is broken.
    expect(run(brokenLinks, { ...i, redirects: {} })).toContain('/: <a> points to /old-pricing, which no route or file provides');
    expect(linksToRedirects({ pages: i.pages })).toEqual([]);
  });

  it('images without alt text', () => {
    const i = input({ '/': doc('Home', '<img src="/a.png" alt="A"/><img src="/b.png" alt=""/><img src="/c.png"/>') });
    expect(run(missingAlt, i)).toEqual(['/: <img src="/c.png"> has no alt text']);
  });

  it('missing and duplicate titles and descriptions', () => {
    const i = input({ '/a': doc('Same', ''), '/b': doc('Same', ''), '/c': '<html><head></head><body></body></html>' });
    expect(run(duplicateHead, i)).toEqual([
      '/b: has the same title as /a ("Same")',
      '/b: has the same description as /a ("About Same")',
      '/c: has no title',
      '/c: has no description',
    ]);
  });

  it('structured data that is invalid or misses required properties', () => {
    const ld = (o: unknown) => `<script type="application/ld+json">${JSON.stringify(o)}</script>`;
    const i = input({
      '/': doc('Home', '', ld({ '@context': 'https://schema.org', '@type': 'Product', name: 'X' }) + ld({ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: 'H' })),
      '/b': doc('B', '', '<script type="application/ld+json">{not json</script>'),
    });
    const problems = run(invalidJsonLd, i);
    const { Product, BlogPosting } = jsonLdRequirements;
    expect(problems[0]).toBe(`/: Product is missing offers, review or aggregateRating (${Product!.hint})`);
    expect(problems.slice(1, 4)).toEqual(['datePublished', 'author', 'image'].map((p) => `/: BlogPosting is missing ${p} (${BlogPosting!.hint})`));
    expect(problems[4]).toMatch(/^\/b: a JSON-LD block is not valid JSON/);
  });

  it('a page whose structured data names a type schema.org does not have', () => {
    const ld = `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'TouristTripp', name: 'Ridge walk' })}</script>`;
    expect(run(invalidJsonLd, input({ '/walks': doc('Walks', '', ld) }))).toEqual(['/walks: "TouristTripp" is not a schema.org type: did you mean "TouristTrip"?']);
  });

  it('a noindex page in the sitemap', () => {
    const i = input({ '/': doc('Home', ''), '/admin': doc('Admin', '', '<meta name="robots" content="noindex, nofollow"/>') });
    expect(run(noindexInSitemap, i)).toEqual(['/admin: is noindex but listed in sitemap.xml']);
  });

  it('inline scripts, handlers, styles and javascript: links', () => {
    const i = input({
      '/': doc(
        'Home',
        '<script>alert(1)</script><script type="module" src="/assets/x.js"></script><button onclick="x()">b</button><p style="color:red">s</p><a href="javascript:void 0">j</a>',
        '<script type="application/ld+json">{}</script>',
      ),
    });
    expect(run(inlineCode, i)).toEqual([
      '/: has an inline <script>',
      '/: <button> has an inline event handler (onclick)',
      '/: <p> has a style attribute',
      '/: has a javascript: link',
    ]);
  });

  it('runChecks reports the failing check by name with its problems', () => {
    const i = input({ '/': doc('Home', '<img src="/assets/main.css"/>') });
    try {
      runChecks(i);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SiteError);
      expect((e as SiteError).code).toBe('CheckFailed');
      expect((e as SiteError).message).toContain('Images without alt text');
      expect((e as SiteError).message).toContain('/assets/main.css');
    }
  });

  it('a whole site (tests/fixtures/docs-site) passes every check', async () => {
    const root = fileURLToPath(new URL('../../fixtures/docs-site', import.meta.url));
    const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'site-checks-cache-'));
    const result = await build({ root, cacheDir, write: false, backend: null, log: () => {} });
    expect(result.pages.length).toBeGreaterThan(10);
    expect(() => runChecks({ pages: result.pages.map((p) => summarizePage(p.url, p.html!)), files: [...result.files.keys()], sitemapXml: String(result.files.get('sitemap.xml')), siteUrl: 'https://docs.tern.dev' })).not.toThrow();
  });
});
