/** The head builder: title, description, canonical, robots, Open Graph and Twitter tags per route. */
import { beforeAll, describe, expect, it } from 'vitest';
import { headTags, type HeadTag } from '../../../generator/seo/headTags.ts';
import { buildRoutes, site, SITE_URL, tinyContent, type Content, type TinyRoute as Route } from '../helpers/tinySite.tsx';

let content: Content;
let routes: Route[];
beforeAll(async () => {
  content = await tinyContent();
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
  it("derives og:locale from the site's language unless the site names one", () => {
    const route = routes.find((r) => r.path === '/pricing')!;
    const withMeta = (meta: Partial<ReturnType<typeof site.meta>>) => headTags({ route, meta: { ...site.meta(content), ...meta }, siteUrl: SITE_URL });
    expect(metaBy(withMeta({ language: 'en-GB' }), 'property', 'og:locale')).toEqual(['en_GB']);
    expect(metaBy(withMeta({ language: 'de' }), 'property', 'og:locale')).toEqual(['de_DE']);
    expect(metaBy(withMeta({ language: 'en-GB', locale: 'cy_GB' }), 'property', 'og:locale')).toEqual(['cy_GB']);
  });

  it('has one title and one description from the route', () => {
    const route = routes.find((r) => r.path === '/pricing')!;
    const tags = tagsFor('/pricing');
    expect(tags.filter((t) => t.tag === 'title')).toEqual([{ tag: 'title', text: route.title }]);
    expect(metaBy(tags, 'name', 'description')).toEqual([route.description]);
  });

  it('has an absolute canonical URL without a trailing slash (home keeps "/")', () => {
    expect(links(tagsFor('/pricing'), 'canonical')).toEqual(['https://tiny.example/pricing']);
    expect(links(tagsFor('/'), 'canonical')).toEqual(['https://tiny.example/']);
    expect(links(tagsFor('/blog/why-tiny', 'https://tiny.example/'), 'canonical')).toEqual([
      'https://tiny.example/blog/why-tiny',
    ]);
  });

  it('has the Open Graph tags, with the canonical URL and an absolute image', () => {
    const route = routes.find((r) => r.path === '/about')!;
    const tags = tagsFor('/about');
    expect(metaBy(tags, 'property', 'og:title')).toEqual([route.title]);
    expect(metaBy(tags, 'property', 'og:description')).toEqual([route.description]);
    expect(metaBy(tags, 'property', 'og:url')).toEqual(['https://tiny.example/about']);
    expect(metaBy(tags, 'property', 'og:image')).toEqual([`https://tiny.example${socialImage}`]);
    expect(metaBy(tags, 'property', 'og:type')).toEqual(['website']);
    expect(metaBy(tags, 'property', 'og:site_name')).toEqual([content.site.name]);
  });

  it('has the Twitter card tags', () => {
    const route = routes.find((r) => r.path === '/')!;
    const tags = tagsFor('/');
    expect(metaBy(tags, 'name', 'twitter:card')).toEqual(['summary_large_image']);
    expect(metaBy(tags, 'name', 'twitter:title')).toEqual([route.title]);
    expect(metaBy(tags, 'name', 'twitter:description')).toEqual([route.description]);
    expect(metaBy(tags, 'name', 'twitter:image')).toEqual([`https://tiny.example${socialImage}`]);
  });

  it("names an article's own social image as given: og:image with its size, twitter:image, the large card", () => {
    const own = '/assets/social/blog-why-tiny-0123abcd.png';
    const tags = headTags({ route: routes.find((r) => r.path === '/blog/why-tiny')!, meta: site.meta(content), siteUrl: SITE_URL, socialImage: own });
    expect(metaBy(tags, 'property', 'og:image')).toEqual([`https://tiny.example${own}`]);
    expect(metaBy(tags, 'property', 'og:image:width')).toEqual(['1200']);
    expect(metaBy(tags, 'property', 'og:image:height')).toEqual(['630']);
    expect(metaBy(tags, 'name', 'twitter:image')).toEqual([`https://tiny.example${own}`]);
    expect(metaBy(tags, 'name', 'twitter:card')).toEqual(['summary_large_image']);
  });

  it('marks articles as og:type article with their date and section', () => {
    const route = routes.find((r) => r.path === '/blog/why-tiny')!;
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
    expect(metaBy(tagsFor('/account'), 'name', 'robots')).toEqual(['noindex, nofollow']);
    expect(metaBy(tagsFor('/404'), 'name', 'robots')).toEqual(['noindex, nofollow']);
  });

  it('has no canonical link on the 404 page, but every other route has exactly one', () => {
    for (const route of routes) {
      expect(links(tagsFor(route.path), 'canonical').length, route.path).toBe(route.file === '404.html' ? 0 : 1);
    }
  });

  it('links the RSS feed absolutely', () => {
    expect(links(tagsFor('/blog'), 'alternate')).toEqual(['https://tiny.example/feed.xml']);
  });
});
