/** The head builder: title, description, canonical, robots, Open Graph and Twitter tags per route. */
import { beforeAll, describe, expect, it } from 'vitest';
import { headTags, type HeadTag } from '../../../generator/seo/headTags.ts';
import type { Content } from '../../../templates/collections.ts';
import { buildRoutes, type SiteRoute as Route } from '../../../templates/routes.ts';
import { realContent, site, SITE_URL } from '../helpers/content.ts';

let content: Content;
let routes: Route[];
beforeAll(async () => {
  content = await realContent();
  routes = buildRoutes(content);
});

const socialImage = '/assets/og-image.0123456789.png';
const tagsFor = (path: string, siteUrl = SITE_URL) =>
  headTags({ route: routes.find((r) => r.path === path)!, meta: site.meta(content), siteUrl, socialImage });
const metaBy = (tags: HeadTag[], key: 'name' | 'property', value: string) =>
  tags.filter((t) => t.tag === 'meta' && t.attrs[key] === value).map((t) => (t as { attrs: Record<string, string> }).attrs.content);
const links = (tags: HeadTag[], rel: string) =>
  tags.filter((t) => t.tag === 'link' && t.attrs.rel === rel).map((t) => (t as { attrs: Record<string, string> }).attrs.href);

describe('headTags', () => {
  it('has one title and one description from the route', () => {
    const route = routes.find((r) => r.path === '/pricing')!;
    const tags = tagsFor('/pricing');
    expect(tags.filter((t) => t.tag === 'title')).toEqual([{ tag: 'title', text: route.title }]);
    expect(metaBy(tags, 'name', 'description')).toEqual([route.description]);
  });

  it('has an absolute canonical URL without a trailing slash (home keeps "/")', () => {
    expect(links(tagsFor('/pricing'), 'canonical')).toEqual(['https://decksmith.ai/pricing']);
    expect(links(tagsFor('/'), 'canonical')).toEqual(['https://decksmith.ai/']);
    expect(links(tagsFor('/blog/matik-vs-decksmith', 'https://decksmith.ai/'), 'canonical')).toEqual([
      'https://decksmith.ai/blog/matik-vs-decksmith',
    ]);
  });

  it('has the Open Graph tags, with the canonical URL and an absolute image', () => {
    const route = routes.find((r) => r.path === '/enterprise')!;
    const tags = tagsFor('/enterprise');
    expect(metaBy(tags, 'property', 'og:title')).toEqual([route.title]);
    expect(metaBy(tags, 'property', 'og:description')).toEqual([route.description]);
    expect(metaBy(tags, 'property', 'og:url')).toEqual(['https://decksmith.ai/enterprise']);
    expect(metaBy(tags, 'property', 'og:image')).toEqual([`https://decksmith.ai${socialImage}`]);
    expect(metaBy(tags, 'property', 'og:type')).toEqual(['website']);
    expect(metaBy(tags, 'property', 'og:site_name')).toEqual([content.site.name]);
  });

  it('has the Twitter card tags', () => {
    const route = routes.find((r) => r.path === '/')!;
    const tags = tagsFor('/');
    expect(metaBy(tags, 'name', 'twitter:card')).toEqual(['summary_large_image']);
    expect(metaBy(tags, 'name', 'twitter:title')).toEqual([route.title]);
    expect(metaBy(tags, 'name', 'twitter:description')).toEqual([route.description]);
    expect(metaBy(tags, 'name', 'twitter:image')).toEqual([`https://decksmith.ai${socialImage}`]);
  });

  it("names an article's own social image as given: og:image with its size, twitter:image, the large card", () => {
    const own = '/assets/social/blog-ai-trust-presentations-0123abcd.png';
    const tags = headTags({ route: routes.find((r) => r.path === '/blog/ai-trust-presentations')!, meta: site.meta(content), siteUrl: SITE_URL, socialImage: own });
    expect(metaBy(tags, 'property', 'og:image')).toEqual([`https://decksmith.ai${own}`]);
    expect(metaBy(tags, 'property', 'og:image:width')).toEqual(['1200']);
    expect(metaBy(tags, 'property', 'og:image:height')).toEqual(['630']);
    expect(metaBy(tags, 'name', 'twitter:image')).toEqual([`https://decksmith.ai${own}`]);
    expect(metaBy(tags, 'name', 'twitter:card')).toEqual(['summary_large_image']);
  });

  it('marks articles as og:type article with their date and section', () => {
    const route = routes.find((r) => r.path === '/blog/ai-trust-presentations')!;
    const tags = tagsFor(route.path);
    expect(metaBy(tags, 'property', 'og:type')).toEqual(['article']);
    expect(metaBy(tags, 'property', 'article:published_time')).toEqual([route.entry!.date]);
    expect(metaBy(tags, 'property', 'article:section')).toEqual([route.entry!.category]);
  });

  it('sets robots noindex exactly on the routes that are not indexable', () => {
    for (const route of routes) {
      const robots = metaBy(tagsFor(route.path), 'name', 'robots');
      expect(robots, route.path).toEqual(route.indexable ? [] : ['noindex, nofollow']);
    }
    expect(metaBy(tagsFor('/auth'), 'name', 'robots')).toEqual(['noindex, nofollow']);
    expect(metaBy(tagsFor('/admin'), 'name', 'robots')).toEqual(['noindex, nofollow']);
  });

  it('has no canonical link on the 404 page, but every other route has exactly one', () => {
    for (const route of routes) {
      expect(links(tagsFor(route.path), 'canonical').length, route.path).toBe(route.file === '404.html' ? 0 : 1);
    }
  });

  it('links the RSS feed absolutely', () => {
    expect(links(tagsFor('/blog'), 'alternate')).toEqual(['https://decksmith.ai/feed.xml']);
  });
});
