/**
 * The whole pipeline on the real content, in memory (write: false): every
 * page has a complete head, titles and descriptions are unique, the extras
 * agree with the route table, and two builds give identical files.
 * Asserts head/SEO/route facts only; page body copy belongs to the templates.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../generator/build.ts';
import { runChecks } from '../../../generator/checks/runChecks.ts';
import { summarizePage } from '../../../generator/checks/summarizePage.ts';
import { parseHtml, parseXml } from '../../unit/helpers/xml.ts';

const SITE = 'https://decksmith.ai';
const options = { write: false, backend: null, log: () => {} } as const;

let result: BuildResult;
let second: BuildResult;
let heads: Map<string, Document>;
beforeAll(async () => {
  result = await build(options);
  // Rendered again, not taken from the build cache: the renderer itself must be deterministic.
  second = await build({ ...options, cache: false });
  heads = new Map(result.pages.map((p) => [p.file, parseHtml(p.html!)]));
});

const attr = (doc: Document, selector: string, name: string) =>
  [...doc.querySelectorAll(selector)].map((n) => n.getAttribute(name));
const text = (data: string | Uint8Array | undefined) =>
  typeof data === 'string' ? data : new TextDecoder().decode(data ?? new Uint8Array());

describe('build (in memory)', () => {
  it('renders 22 pages (3 of them blog categories), the 404 page included, one per route', () => {
    expect(result.pages).toHaveLength(22);
    expect(result.stats.pages).toBe(22);
    expect(result.pages.map((p) => p.file)).toContain('404.html');
    expect(result.pages.map((p) => p.url)).toEqual(result.routes.map((r) => r.path));
    for (const p of result.pages) expect(result.files.get(p.file), p.file).toBe(p.html);
  });

  it('writes nothing with write: false', () => {
    expect(result.config.write).toBe(false);
  });

  it('renders complete documents', () => {
    for (const p of result.pages) {
      expect(p.html!.startsWith('<!doctype html>'), p.file).toBe(true);
      const doc = heads.get(p.file)!;
      expect(doc.documentElement.getAttribute('lang'), p.file).toBe('en');
      expect(attr(doc, 'meta[charset]', 'charset'), p.file).toEqual(['utf-8']);
      expect(attr(doc, 'meta[name="viewport"]', 'content'), p.file).toHaveLength(1);
    }
  });

  it('gives every page a complete head', () => {
    for (const route of result.routes) {
      const doc = heads.get(route.file)!;
      const meta = (key: string) => [
        ...attr(doc, `meta[name="${key}"]`, 'content'),
        ...attr(doc, `meta[property="${key}"]`, 'content'),
      ];
      const where = route.file;
      expect(doc.querySelectorAll('title'), where).toHaveLength(1);
      expect(doc.title, where).toBe(route.title);
      expect(meta('description'), where).toEqual([route.description]);
      const url = route.path === '/' ? `${SITE}/` : `${SITE}${route.path}`;
      expect(attr(doc, 'link[rel="canonical"]', 'href'), where).toEqual(route.file === '404.html' ? [] : [url]);
      expect(meta('og:title'), where).toEqual([route.title]);
      expect(meta('og:description'), where).toEqual([route.description]);
      expect(meta('og:url'), where).toHaveLength(1);
      expect(meta('og:url')[0], where).toMatch(/^https:\/\/decksmith\.ai\//);
      expect(meta('og:image'), where).toHaveLength(1);
      // An article has its own social image (templates/social/SocialCard.tsx); every other page the site's.
      const image = route.entry
        ? new RegExp(`^https://decksmith\\.ai/assets/social/blog-${route.entry.slug}-[0-9a-f]{8}\\.png$`)
        : /^https:\/\/decksmith\.ai\/assets\/og-image\.[0-9a-f]{10}\.png$/;
      expect(meta('og:image')[0], where).toMatch(image);
      expect(meta('twitter:image'), where).toEqual(meta('og:image'));
      if (route.entry) expect(result.files.has(meta('og:image')[0]!.slice(`${SITE}/`.length)), where).toBe(true);
      expect(meta('twitter:card'), where).toEqual(['summary_large_image']);
      expect(meta('robots'), where).toEqual(route.indexable ? [] : ['noindex, nofollow']);
    }
  });

  it('marks exactly /auth, /admin and the 404 page noindex', () => {
    const noindex = result.pages.filter((p) => heads.get(p.file)!.querySelector('meta[name="robots"][content*="noindex"]'));
    expect(noindex.map((p) => p.file).sort()).toEqual(['404.html', 'admin.html', 'auth.html']);
  });

  it('embeds JSON-LD that parses, with the expected types', () => {
    const types = new Map<string, string[]>();
    for (const p of result.pages) {
      const blocks = [...heads.get(p.file)!.querySelectorAll('script[type="application/ld+json"]')];
      types.set(
        p.url,
        blocks.map((b) => (JSON.parse(b.textContent!) as { '@type': string })['@type']),
      );
    }
    expect(types.get('/')).toEqual(['WebSite', 'Organization', 'SoftwareApplication']);
    expect(types.get('/pricing')).toContain('Product');
    expect(types.get('/pricing')).toContain('BreadcrumbList');
    for (const r of result.routes.filter((x) => x.entry)) expect(types.get(r.path), r.path).toEqual(['BlogPosting', 'BreadcrumbList']);
    for (const c of ['opinion', 'comparisons', 'tools']) expect(types.get(`/blog/category/${c}`), c).toEqual(['BreadcrumbList']);
  });

  it('prices Pro at $19 in the pricing structured data', () => {
    const doc = heads.get('pricing.html')!;
    const product = [...doc.querySelectorAll('script[type="application/ld+json"]')]
      .map((s) => JSON.parse(s.textContent!) as { '@type': string; offers?: { offers: { name: string; price: string }[] } })
      .find((d) => d['@type'] === 'Product')!;
    expect(product.offers!.offers.find((o) => o.name === 'Pro')!.price).toBe('19');
    expect(JSON.stringify(product)).not.toMatch(/"29"/);
  });

  it('has unique titles and unique descriptions', () => {
    const titles = result.pages.map((p) => heads.get(p.file)!.title);
    const descriptions = result.pages.map((p) => heads.get(p.file)!.querySelector('meta[name="description"]')!.getAttribute('content'));
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it('lists in sitemap.xml exactly the pages without noindex', () => {
    const doc = parseXml(text(result.files.get('sitemap.xml')));
    const locs = [...doc.querySelectorAll('loc')].map((l) => l.textContent);
    const indexable = result.pages
      .filter((p) => !heads.get(p.file)!.querySelector('meta[name="robots"]'))
      .map((p) => heads.get(p.file)!.querySelector('link[rel="canonical"]')!.getAttribute('href'));
    expect([...locs].sort()).toEqual([...indexable].sort());
    for (const hidden of ['/auth', '/admin', '/404']) expect(locs).not.toContain(`${SITE}${hidden}`);
  });

  it('emits the extras, the hashed stylesheet and the hashed static files', () => {
    const files = [...result.files.keys()];
    for (const f of ['sitemap.xml', 'robots.txt', 'feed.xml', 'llms.txt']) expect(files, f).toContain(f);
    expect(files.filter((f) => /^assets\/main\.[0-9a-f]{10}\.css$/.test(f))).toHaveLength(1);
    for (const name of ['logo', 'favicon', 'og-image']) {
      expect(files.some((f) => new RegExp(`^assets/${name}\\.[0-9a-f]{10}\\.(svg|png)$`).test(f)), name).toBe(true);
    }
    expect(text(result.files.get('robots.txt'))).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(parseXml(text(result.files.get('feed.xml'))).querySelectorAll('item')).toHaveLength(7);
    expect(text(result.files.get('llms.txt')).startsWith('# ')).toBe(true);
  });

  it('references only assets that exist in the output', () => {
    for (const p of result.pages) {
      const doc = heads.get(p.file)!;
      const refs = [
        ...attr(doc, 'link[rel="stylesheet"]', 'href'),
        ...attr(doc, 'link[rel="icon"]', 'href'),
        ...attr(doc, 'script[src]', 'src'),
      ];
      expect(refs.length, p.file).toBeGreaterThanOrEqual(2);
      for (const ref of refs) expect(result.files.has(ref!.replace(/^\//, '')), `${p.file} -> ${ref}`).toBe(true);
    }
  });

  it('counts bytes and files in its stats', () => {
    let bytes = 0;
    for (const d of result.files.values()) bytes += typeof d === 'string' ? Buffer.byteLength(d) : d.byteLength;
    expect(result.stats).toMatchObject({ files: result.files.size, bytes });
  });

  it('is deterministic: two builds give the same files, byte for byte', () => {
    expect([...second.files.keys()].sort()).toEqual([...result.files.keys()].sort());
    for (const [file, data] of result.files) {
      const other = second.files.get(file)!;
      expect(Buffer.from(typeof other === 'string' ? other : other).equals(Buffer.from(typeof data === 'string' ? data : data)), file).toBe(true);
    }
  });
});

describe('build checks', () => {
  it('the real site passes every check', () => {
    expect(() => runChecks({ pages: result.pages.map((p) => summarizePage(p.url, p.html!)), files: [...result.files.keys()], sitemapXml: String(result.files.get('sitemap.xml')), siteUrl: SITE })).not.toThrow();
  });
});
