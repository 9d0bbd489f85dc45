/** sitemap.xml and robots.txt, on the tiny site's route table: pure functions of the routes and the site's URL. */
import { beforeAll, describe, expect, it } from 'vitest';
import { escapeXml } from '../../../generator/seo/escapeXml.ts';
import { robots } from '../../../generator/seo/robots.ts';
import { sitemap } from '../../../generator/seo/sitemap.ts';
import { buildRoutes, SITE_URL, tinyContent, type Content, type TinyRoute as Route } from '../helpers/tinySite.tsx';
import { parseXml } from '../helpers/xml.ts';

let content: Content;
let routes: Route[];
beforeAll(async () => {
  content = await tinyContent();
  routes = buildRoutes(content);
});

const texts = (doc: Document, selector: string) => [...doc.querySelectorAll(selector)].map((n) => n.textContent);

describe('escapeXml', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`Tom & Jerry's <"best">`)).toBe('Tom &amp; Jerry&apos;s &lt;&quot;best&quot;&gt;');
  });
});

describe('sitemap', () => {
  it('lists exactly the indexable routes, as absolute URLs', () => {
    const doc = parseXml(sitemap(routes, SITE_URL));
    const locs = texts(doc, 'url > loc');
    expect(locs).toEqual(routes.filter((r) => r.indexable).map((r) => (r.path === '/' ? `${SITE_URL}/` : `${SITE_URL}${r.path}`)));
    expect(locs).toHaveLength(11);
    for (const p of content.posts) expect(locs).toContain(`${SITE_URL}/blog/${p.slug}`);
    for (const hidden of ['/account', '/404']) expect(locs).not.toContain(`${SITE_URL}${hidden}`);
  });

  it('uses the sitemap namespace', () => {
    const doc = parseXml(sitemap(routes, SITE_URL));
    expect(doc.documentElement.tagName).toBe('urlset');
    expect(doc.documentElement.getAttribute('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  });

  it('gives lastmod where the route knows its date', () => {
    const doc = parseXml(sitemap(routes, SITE_URL));
    for (const url of doc.querySelectorAll('url')) {
      const loc = url.querySelector('loc')!.textContent!;
      const route = routes.find((r) => loc === `${SITE_URL}${r.path === '/' ? '/' : r.path}`)!;
      expect(url.querySelector('lastmod')?.textContent ?? undefined, loc).toBe(route.lastmod);
    }
    expect(sitemap(routes, SITE_URL)).toContain(`<lastmod>${content.posts[0]!.date}</lastmod>`);
  });

  it('escapes XML in URLs', () => {
    const odd: Route = { ...routes[0]!, path: "/a&b'<c>", indexable: true, lastmod: undefined };
    const xml = sitemap([odd], SITE_URL);
    expect(xml).toContain('<loc>https://tiny.example/a&amp;b&apos;&lt;c&gt;</loc>');
    expect(texts(parseXml(xml), 'loc')).toEqual(["https://tiny.example/a&b'<c>"]);
  });
});

describe('robots', () => {
  it('allows crawling and names the sitemap absolutely; noindex pages stay crawlable so crawlers see their noindex', () => {
    const txt = robots(routes, SITE_URL);
    const lines = txt.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Sitemap: https://tiny.example/sitemap.xml');
    expect(lines.filter((l) => l.startsWith('Disallow:'))).toEqual([]);
    expect(txt.endsWith('\n')).toBe(true);
  });
});
