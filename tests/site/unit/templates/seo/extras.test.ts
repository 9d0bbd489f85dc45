/** This site's feed.xml and llms.txt, and its sitemap's pages: pure functions of the route table and content. */
import { beforeAll, describe, expect, it } from 'vitest';
import { absoluteUrl } from '../../../../../generator/seo/absoluteUrl.ts';
import type { Content } from '../../../../../templates/collections.ts';
import { buildRoutes, type SiteRoute as Route } from '../../../../../templates/routes.ts';
import { feed as siteFeed, FEED_ITEMS } from '../../../../../templates/seo/feed.ts';
import { llmsTxt as siteLlmsTxt } from '../../../../../templates/seo/llmsTxt.ts';
import { sitemap } from '../../../../../generator/seo/sitemap.ts';
import { fakePost, realContent, SITE_URL } from '../../helpers/content.ts';
import { parseXml } from '../../../../unit/helpers/xml.ts';

let content: Content;
let routes: Route[];
beforeAll(async () => {
  content = await realContent();
  routes = buildRoutes(content);
});

const tools = (c: Content, siteUrl: string) => ({ content: c, siteUrl, url: (p: string) => absoluteUrl(siteUrl, p), asset: (n: string) => n });
const feed = (c: Content, siteUrl: string) => siteFeed(tools(c, siteUrl));
const llmsTxt = (c: Content, r: Route[], siteUrl: string) => siteLlmsTxt(r, tools(c, siteUrl));
const texts = (doc: Document, selector: string) => [...doc.querySelectorAll(selector)].map((n) => n.textContent);

describe('sitemap of this site', () => {
  it('lists exactly the indexable routes, the category pages among them, and none of the hidden pages', () => {
    const doc = parseXml(sitemap(routes, SITE_URL));
    const locs = texts(doc, 'url > loc');
    expect(locs).toEqual(routes.filter((r) => r.indexable).map((r) => (r.path === '/' ? `${SITE_URL}/` : `${SITE_URL}${r.path}`)));
    expect(locs).toHaveLength(19);
    for (const c of ['opinion', 'comparisons', 'tools']) expect(locs).toContain(`${SITE_URL}/blog/category/${c}`);
    for (const hidden of ['/auth', '/admin', '/404']) expect(locs).not.toContain(`${SITE_URL}${hidden}`);
  });
});

describe('feed', () => {
  it('is well-formed RSS 2.0 with one item per article, newest first', () => {
    const doc = parseXml(feed(content, SITE_URL));
    expect(doc.documentElement.tagName).toBe('rss');
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    expect(texts(doc, 'channel > title')).toEqual([`${content.site.name} Blog`]);
    expect(texts(doc, 'channel > link')).toEqual(['https://decksmith.ai/blog']);
    const items = [...doc.querySelectorAll('item')];
    expect(items).toHaveLength(content.posts.length);
    expect(items.map((i) => i.querySelector('title')!.textContent)).toEqual(content.posts.map((p) => p.title));
    const dates = items.map((i) => Date.parse(i.querySelector('pubDate')!.textContent!));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('gives every item an absolute link, a permalink guid, an RFC 822 date, a category and a description', () => {
    const doc = parseXml(feed(content, SITE_URL));
    for (const [i, item] of [...doc.querySelectorAll('item')].entries()) {
      const post = content.posts[i]!;
      const link = `https://decksmith.ai/blog/${post.slug}`;
      expect(item.querySelector('link')!.textContent).toBe(link);
      expect(item.querySelector('guid')!.textContent).toBe(link);
      expect(item.querySelector('guid')!.getAttribute('isPermaLink')).toBe('true');
      expect(item.querySelector('pubDate')!.textContent).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} 00:00:00 GMT$/);
      expect(new Date(item.querySelector('pubDate')!.textContent!).toISOString().slice(0, 10)).toBe(post.date);
      expect(item.querySelector('category')!.textContent).toBe(post.category);
      expect(item.querySelector('description')!.textContent).toBe(post.description);
    }
  });

  it(`holds the newest ${FEED_ITEMS} articles of a bigger blog`, () => {
    const many = Array.from({ length: FEED_ITEMS + 20 }, (_, i) => fakePost(`post-${i}`, { title: `Post ${i}` }));
    const doc = parseXml(feed({ ...content, posts: many }, SITE_URL));
    expect(texts(doc, 'item > title')).toEqual(many.slice(0, FEED_ITEMS).map((p) => p.title));
  });

  it('escapes titles and descriptions', () => {
    const post = fakePost('tom-and-jerry', { title: 'Tom & Jerry <script>', description: 'Use "quotes" & <b>tags</b>' });
    const xml = feed({ ...content, posts: [post] }, SITE_URL);
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('<b>');
    const doc = parseXml(xml);
    expect(texts(doc, 'item > title')).toEqual(['Tom & Jerry <script>']);
    expect(texts(doc, 'item > description')).toEqual(['Use "quotes" & <b>tags</b>']);
  });

  it('is still valid with no articles', () => {
    const doc = parseXml(feed({ ...content, posts: [] }, SITE_URL));
    expect(doc.querySelectorAll('item')).toHaveLength(0);
  });
});

describe('llmsTxt', () => {
  it('follows llmstxt.org: H1, blockquote summary, then H2 sections', () => {
    const lines = llmsTxt(content, routes, SITE_URL).split('\n');
    expect(lines[0]).toBe(`# ${content.site.name}`);
    expect(lines.filter((l) => l.startsWith('# '))).toHaveLength(1);
    const firstContent = lines.slice(1).find((l) => l.trim() !== '');
    expect(firstContent).toBe(`> ${content.site.description}`);
    expect(lines.filter((l) => l.startsWith('## '))).toEqual(['## Product', '## Blog', '## Optional']);
  });

  it('lists links as absolute URLs with a note', () => {
    const txt = llmsTxt(content, routes, SITE_URL);
    const links = [...txt.matchAll(/^- \[([^\]]+)\]\(([^)]+)\): (.+)$/gm)];
    expect(links.length).toBeGreaterThan(10);
    for (const [, name, url, note] of links) {
      expect(url, name).toMatch(/^https:\/\/decksmith\.ai\//);
      expect(note!.trim(), name).not.toBe('');
    }
    // Every list line is a well-formed link.
    expect(txt.split('\n').filter((l) => l.startsWith('- ')).length).toBe(links.length);
  });

  it('links every article and the AI overview, and none of the hidden pages', () => {
    const txt = llmsTxt(content, routes, SITE_URL);
    for (const p of content.posts) expect(txt).toContain(`](https://decksmith.ai/blog/${p.slug})`);
    expect(txt).toContain('](https://decksmith.ai/ai-overview)');
    for (const hidden of ['/auth', '/admin', '/404']) expect(txt).not.toContain(`](https://decksmith.ai${hidden})`);
    expect(txt).toContain('](https://decksmith.ai/sitemap.xml)');
  });

  it('links the blog once: not its later pages or category pages, which list the same articles', () => {
    const many: Content = {
      ...content,
      posts: Array.from({ length: 30 }, (_, i) => fakePost(`post-${i}`, { category: i % 2 ? 'Tools' : 'Opinion' })),
      pages: { ...content.pages, blog: { ...content.pages.blog, listing: { ...content.pages.blog.listing, pageSize: 10 } } },
    };
    const txt = llmsTxt(many, buildRoutes(many), SITE_URL);
    expect(txt).toContain('](https://decksmith.ai/blog):');
    expect(txt).not.toContain('/blog/page/');
    expect(txt).not.toContain('/blog/category/');
    expect(txt.match(/\]\(https:\/\/decksmith\.ai\/blog\/post-/g)).toHaveLength(30);
  });
});
