/**
 * The blog's listing pages on a big blog (the real content plus 200 generated articles, a small page
 * size): the build's checks pass, every article is reachable from /blog through listing links alone
 * (pagination and category links), each listing page links its neighbours and stays light, and they
 * are in the sitemap. Without social images: a listing page shows the site's own image, and its cards none.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../generator/build.ts';
import { generateArticles } from '../../../scripts/generateArticles.ts';
import { parseHtml } from '../../unit/helpers/xml.ts';

const ARTICLES = 200;
const PAGE_SIZE = 10;
/** The heaviest listing page may weigh this much at the site's own page size. */
const MAX_LISTING_BYTES = 150 * 1024;

let tmp: string;
let result: BuildResult;
let pageSize: number;
const docs = new Map<string, Document>();

async function buildWith(size: number): Promise<BuildResult> {
  const content = path.join(tmp, `content-${size}`);
  await cp('content', content, { recursive: true });
  await generateArticles(content, ARTICLES);
  const blogJson = path.join(content, 'pages', 'blog.json');
  const blog = JSON.parse(await readFile(blogJson, 'utf8'));
  blog.listing.pageSize = size;
  await writeFile(blogJson, JSON.stringify(blog));
  // In memory, with a cache of its own (the build's checks run as in a real build).
  return build({ content, write: false, cacheDir: path.join(tmp, `cache-${size}`), backend: null, log: () => {}, progress: false, socialImages: false });
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-listing-'));
  pageSize = JSON.parse(await readFile('content/pages/blog.json', 'utf8')).listing.pageSize;
  result = await buildWith(PAGE_SIZE);
}, 120_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

const isListing = (url: string) => url === '/blog' || url.startsWith('/blog/page/') || url.startsWith('/blog/category/');
const doc = (url: string): Document => {
  let d = docs.get(url);
  if (!d) {
    const page = result.pages.find((p) => p.url === url);
    if (!page) throw new Error(`no page ${url}`);
    docs.set(url, (d = parseHtml(page.html!)));
  }
  return d;
};
const hrefs = (root: ParentNode, selector: string) => [...root.querySelectorAll(selector)].map((a) => a.getAttribute('href')!);

describe('blog listing pages of a big blog', () => {
  it('splits /blog into pages of the chosen size, and each category likewise', () => {
    const total = ARTICLES + 7;
    const pages = Math.ceil(total / PAGE_SIZE);
    const blogPages = result.pages.filter((p) => p.url === '/blog' || p.url.startsWith('/blog/page/')).map((p) => p.url);
    expect(blogPages).toEqual(['/blog', ...Array.from({ length: pages - 1 }, (_, i) => `/blog/page/${i + 2}`)]);
    for (const url of blogPages) expect(doc(url).querySelectorAll('[data-blog-cards] > li').length, url).toBe(url === blogPages.at(-1) ? total - (pages - 1) * PAGE_SIZE : PAGE_SIZE);
    for (const c of ['opinion', 'comparisons', 'tools']) {
      expect(result.pages.some((p) => p.url === `/blog/category/${c}/page/2`), c).toBe(true);
    }
  });

  it('reaches every article from /blog through pagination and category links alone', () => {
    const articles = new Set(result.pages.filter((p) => p.url.startsWith('/blog/') && !isListing(p.url)).map((p) => p.url));
    expect(articles.size).toBe(ARTICLES + 7);
    const seen = new Set(['/blog']);
    const queue = ['/blog'];
    const linked = new Set<string>();
    while (queue.length) {
      const d = doc(queue.shift()!);
      for (const href of hrefs(d, '[data-blog-cards] .post-title a')) linked.add(href);
      for (const href of hrefs(d, 'nav.pagination a, nav.category-links a, .post-category a')) {
        expect(isListing(href), href).toBe(true);
        if (!seen.has(href)) {
          seen.add(href);
          queue.push(href);
        }
      }
    }
    expect([...articles].filter((a) => !linked.has(a))).toEqual([]);
    // Every listing page is reached too.
    expect([...seen].sort()).toEqual(result.pages.map((p) => p.url).filter(isListing).sort());
  });

  it('links each page to its neighbours in a labelled nav, says where it stands, and has its own title and canonical URL', () => {
    const nav = (url: string) => doc(url).querySelector('nav.pagination[aria-label="Pagination"]')!;
    expect(hrefs(nav('/blog'), 'a')).toEqual(['/blog/page/2']);
    expect([...nav('/blog/page/2').querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')])).toEqual([
      ['Previous page', '/blog', null],
      ['Next page', '/blog/page/3', null],
    ]);
    expect(nav('/blog/page/2').querySelector('.pagination-status')!.textContent).toBe(`Page 2 of ${Math.ceil((ARTICLES + 7) / PAGE_SIZE)}`);
    const second = doc('/blog/page/2');
    expect(second.title).toBe('Blog – page 2 | Decksmith');
    expect(second.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://decksmith.ai/blog/page/2');
    expect([...second.querySelectorAll('nav.breadcrumbs li')].map((li) => li.textContent)).toEqual(['Home', 'Blog', 'Page 2']);
    const trail = [...second.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!)).find((d) => d['@type'] === 'BreadcrumbList');
    expect(trail.itemListElement.map((i: { item: string }) => i.item)).toEqual(['https://decksmith.ai/', 'https://decksmith.ai/blog', 'https://decksmith.ai/blog/page/2']);
    const tools = doc('/blog/category/tools/page/2');
    expect(tools.title).toBe('Tools – Blog – page 2 | Decksmith');
    expect(hrefs(tools.querySelector('nav.pagination')!, 'a')[0]).toBe('/blog/category/tools');
    // The search form filters the cards of /blog's first page only.
    expect(doc('/blog').querySelector('form[role="search"]')).not.toBeNull();
    expect(second.querySelector('form[role="search"]')).toBeNull();
  });

  it('lists every listing page in the sitemap', () => {
    const sitemap = String(result.files.get('sitemap.xml'));
    for (const url of result.pages.map((p) => p.url).filter(isListing)) expect(sitemap, url).toContain(`<loc>https://decksmith.ai${url}</loc>`);
  });

  it(`keeps the heaviest listing page under ${MAX_LISTING_BYTES / 1024} KB at the site's own page size`, async () => {
    const own = pageSize === PAGE_SIZE ? result : await buildWith(pageSize);
    const listings = own.pages.filter((p) => isListing(p.url));
    expect(listings.map((p) => p.url)).toContain('/blog/page/2');
    const heaviest = Math.max(...listings.map((p) => Buffer.byteLength(p.html!)));
    expect(heaviest).toBeLessThan(MAX_LISTING_BYTES);
    expect(own.pages.find((p) => p.url === '/blog')!.html!.match(/class="post-card"/g)).toHaveLength(pageSize);
  }, 120_000);
});
