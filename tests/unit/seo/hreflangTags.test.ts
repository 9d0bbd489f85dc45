/** generator/seo/hreflangTags.ts, headTags and sitemap on a multilingual site: hreflang both ways, x-default, og:locale alternates. */
import { describe, expect, it } from 'vitest';
import { headTags } from '../../../generator/seo/headTags.ts';
import { sitemap } from '../../../generator/seo/sitemap.ts';
import type { Alternate, I18nOptions, Route } from '../../../generator/site/defineConfig.ts';

const i18n: I18nOptions = {
  locales: { en: { lang: 'en', label: 'English' }, ar: { lang: 'ar', dir: 'rtl', label: 'العربية', feed: { title: 'أطلس', path: '/ar/feed.xml' } } },
  defaultLocale: 'en',
  fallback: 'page',
};
const alt = (locale: string, path: string, current: boolean, indexable = true): Alternate => ({ locale, lang: locale, label: locale, path, current, indexable, xDefault: locale === 'en' });
const route = (path: string, locale: string, alternates: Alternate[], extra: Partial<Route> = {}): Route => ({
  path, file: `${path.slice(1)}.html`, template: 't', title: 'T', description: 'D', indexable: true, breadcrumbs: [], ogType: 'website', locale, alternates, ...extra,
});
const meta = { name: 'Atlas', url: 'https://atlas.example', language: 'en', feed: { title: 'Atlas', path: '/feed.xml' } };
const links = (tags: ReturnType<typeof headTags>) => tags.flatMap((t) => (t.tag === 'link' ? [t.attrs] : []));
const metas = (tags: ReturnType<typeof headTags>, property: string) => tags.flatMap((t) => (t.tag === 'meta' && t.attrs.property === property ? [t.attrs.content] : []));

describe('head tags of a translated page', () => {
  const ar = route('/ar/a', 'ar', [alt('en', '/a', false), alt('ar', '/ar/a', true)]);
  const tags = headTags({ route: ar, meta, siteUrl: 'https://atlas.example', i18n });

  it('links every translation, itself included, and x-default to the default locale', () => {
    expect(links(tags).filter((l) => l.hreflang)).toEqual([
      { rel: 'alternate', hreflang: 'en', href: 'https://atlas.example/a' },
      { rel: 'alternate', hreflang: 'ar', href: 'https://atlas.example/ar/a' },
      { rel: 'alternate', hreflang: 'x-default', href: 'https://atlas.example/a' },
    ]);
  });

  it("carries its locale's og:locale, the others' as alternates, and its locale's feed", () => {
    expect(metas(tags, 'og:locale')).toEqual(['ar_AR']);
    expect(metas(tags, 'og:locale:alternate')).toEqual(['en_US']);
    expect(links(tags).find((l) => l.type === 'application/rss+xml')?.href).toBe('https://atlas.example/ar/feed.xml');
  });

  it('gives a fallback page its canonical on the original and no hreflang; names no fallback page from others', () => {
    const fallback = route('/ar/b', 'ar', [alt('en', '/b', false), alt('ar', '/ar/b', true, false)], { indexable: false, canonical: '/b' });
    const own = headTags({ route: fallback, meta, siteUrl: 'https://atlas.example', i18n });
    expect(links(own).find((l) => l.rel === 'canonical')?.href).toBe('https://atlas.example/b');
    expect(links(own).filter((l) => l.hreflang)).toEqual([]);
    const original = route('/b', 'en', [alt('en', '/b', true), alt('ar', '/ar/b', false, false)]);
    expect(links(headTags({ route: original, meta, siteUrl: 'https://atlas.example', i18n })).filter((l) => l.hreflang)).toEqual([]);
  });
});

describe('sitemap of a multilingual site', () => {
  it('lists each indexable page with its alternates and x-default, in the xhtml namespace', () => {
    const xml = sitemap([route('/a', 'en', [alt('en', '/a', true), alt('ar', '/ar/a', false)]), route('/ar/a', 'ar', [alt('en', '/a', false), alt('ar', '/ar/a', true)])], 'https://atlas.example');
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    expect(xml).toContain(
      '<url><loc>https://atlas.example/ar/a</loc><xhtml:link rel="alternate" hreflang="en" href="https://atlas.example/a"/><xhtml:link rel="alternate" hreflang="ar" href="https://atlas.example/ar/a"/><xhtml:link rel="alternate" hreflang="x-default" href="https://atlas.example/a"/></url>',
    );
  });

  it('stays as it was for a site in one language', () => {
    const plain = { ...route('/a', 'en', []), locale: undefined, alternates: undefined };
    expect(sitemap([plain], 'https://atlas.example')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>https://atlas.example/a</loc></url>\n</urlset>\n',
    );
  });
});
