/** generator/i18n/linkTranslations.ts: routes grouped as translations, fallback pages noindex with their canonical on the original. */
import { describe, expect, it } from 'vitest';
import { linkTranslations } from '../../../generator/i18n/linkTranslations.ts';
import { localePath, unprefixedPath } from '../../../generator/i18n/localePath.ts';
import type { I18nOptions, Route } from '../../../generator/site/defineConfig.ts';

const i18n: I18nOptions = {
  locales: { en: { lang: 'en', label: 'English' }, de: { lang: 'de-DE', label: 'Deutsch' } },
  defaultLocale: 'en',
  fallback: 'page',
};
const route = (path: string, extra: Partial<Route> = {}): Route => ({
  path, file: `${path.slice(1) || 'index'}.html`, template: 't', title: path, description: path, indexable: true, breadcrumbs: [], ogType: 'website', ...extra,
});

describe('localePath', () => {
  it('prefixes every locale but the default, unless prefixDefault', () => {
    expect(localePath(i18n, 'en', '/blog')).toBe('/blog');
    expect(localePath(i18n, 'de', '/blog')).toBe('/de/blog');
    expect(localePath(i18n, 'de', '/')).toBe('/de');
    expect(localePath({ ...i18n, prefixDefault: true }, 'en', '/')).toBe('/en');
    expect(unprefixedPath(i18n, '/de/blog')).toBe('/blog');
    expect(unprefixedPath(i18n, '/de')).toBe('/');
    expect(unprefixedPath(i18n, '/design')).toBe('/design');
  });
});

describe('linkTranslations', () => {
  it('links pages whose paths differ by their prefix, each listing all, itself marked', () => {
    const [en, de] = linkTranslations(i18n, [route('/blog'), route('/de/blog')]);
    expect(en!.locale).toBe('en');
    expect(de!.locale).toBe('de');
    expect(de!.alternates).toEqual([
      { locale: 'en', lang: 'en', label: 'English', path: '/blog', current: false, indexable: true, xDefault: true },
      { locale: 'de', lang: 'de-DE', label: 'Deutsch', path: '/de/blog', current: true, indexable: true, xDefault: false },
    ]);
    expect(en!.alternates!.map((a) => a.current)).toEqual([true, false]);
  });

  it('links by an explicit translationKey (the route\'s, or its entry\'s field)', () => {
    const entry = (slug: string, locale: string, translationKey?: string) => ({ slug, file: `${slug}.md`, hash: '', html: '', headings: [], words: 0, locale, ...(translationKey ? { translationKey } : {}) });
    const routes = linkTranslations(i18n, [route('/hello', { entry: entry('hello', 'en', 'hi') }), route('/de/hallo', { entry: entry('hallo', 'de', 'hi') }), route('/x'), route('/de/y', { translationKey: '/x' })]);
    expect(routes[1]!.alternates!.map((a) => a.path)).toEqual(['/hello', '/de/hallo']);
    expect(routes[3]!.alternates!.map((a) => a.path)).toEqual(['/x', '/de/y']);
  });

  it('makes a fallback page noindex, canonical to the original, and no indexable alternate', () => {
    const entry = (locale: string, fallback?: string) => ({ slug: 'a', file: 'a.md', hash: '', html: '', headings: [], words: 0, locale, ...(fallback ? { fallback } : {}) });
    const [en, de] = linkTranslations(i18n, [route('/a', { entry: entry('en') }), route('/de/a', { entry: entry('de', 'en') })]);
    expect(de).toMatchObject({ indexable: false, canonical: '/a', locale: 'de' });
    expect(en!.canonical).toBeUndefined();
    expect(en!.alternates!.map((a) => [a.locale, a.indexable])).toEqual([
      ['en', true],
      ['de', false],
    ]);
  });

  it('gives the 404 page its locale and no alternates', () => {
    const [notFound] = linkTranslations(i18n, [{ ...route('/404'), file: '404.html', indexable: false }]);
    expect(notFound!.locale).toBe('en');
    expect(notFound!.alternates).toBeUndefined();
  });
});
