/** generator/i18n/localizeEntries.ts: entries per locale by file suffix, linked by slug or translationKey, and the fallback rule. */
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../generator/core/errors.ts';
import { localizeEntries } from '../../../generator/i18n/localizeEntries.ts';
import { entryLocale } from '../../../generator/i18n/entryLocale.ts';
import type { EntryMeta, I18nOptions } from '../../../generator/site/defineConfig.ts';

const i18n = (fallback: 'error' | 'page'): I18nOptions => ({
  locales: { en: { lang: 'en', label: 'English' }, de: { lang: 'de', label: 'Deutsch' }, ar: { lang: 'ar', dir: 'rtl', label: 'العربية' } },
  defaultLocale: 'en',
  fallback,
});
const entry = (file: string, extra: Record<string, unknown> = {}): EntryMeta => ({ slug: file.replace(/^blog\/|\.md$/g, ''), file, hash: file, ...extra });

describe('entryLocale', () => {
  it('reads a locale suffix, and only a configured one', () => {
    expect(entryLocale(i18n('page'), 'post.de')).toEqual({ slug: 'post', locale: 'de' });
    expect(entryLocale(i18n('page'), 'post')).toEqual({ slug: 'post', locale: 'en' });
    expect(entryLocale(i18n('page'), 'v1.fr')).toEqual({ slug: 'v1.fr', locale: 'en' });
  });
});

describe('localizeEntries', () => {
  it('gives every entry its locale and its slug without the suffix', () => {
    const out = localizeEntries(i18n('error'), ['blog/a.md', 'blog/a.de.md', 'blog/a.ar.md'].map((f) => entry(f)));
    expect(out.map((e) => [e.slug, e.locale, e.file])).toEqual([
      ['a', 'en', 'blog/a.md'],
      ['a', 'de', 'blog/a.de.md'],
      ['a', 'ar', 'blog/a.ar.md'],
    ]);
  });

  it('links entries whose slugs differ by their translationKey', () => {
    const out = localizeEntries(i18n('error'), [entry('blog/hello.md'), entry('blog/hallo.de.md', { translationKey: 'hello' }), entry('blog/hello.ar.md')]);
    expect(out).toHaveLength(3);
  });

  it('fails on a missing translation under "error", naming the entry and the locale', () => {
    try {
      localizeEntries(i18n('error'), [entry('blog/a.md'), entry('blog/a.de.md')]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SiteError);
      expect((e as SiteError).code).toBe('TranslationMissing');
      expect((e as SiteError).message).toBe('blog/a.md has no translation in the locale "ar".');
      expect((e as SiteError).hint).toContain('blog/a.ar.md');
    }
  });

  it('gives a missing locale a fallback entry under "page": the original, marked with its locale', () => {
    const out = localizeEntries(i18n('page'), [entry('blog/a.de.md', { title: 'Hallo' })]);
    const byLocale = Object.fromEntries(out.map((e) => [e.locale, e]));
    expect(byLocale.de).toMatchObject({ title: 'Hallo', file: 'blog/a.de.md' });
    expect(byLocale.de!.fallback).toBeUndefined();
    expect(byLocale.en).toMatchObject({ title: 'Hallo', file: 'blog/a.de.md', fallback: 'de', slug: 'a' });
    expect(byLocale.ar).toMatchObject({ fallback: 'de' });
  });

  it('refuses two entries of one locale under one key', () => {
    expect(() => localizeEntries(i18n('page'), [entry('blog/a.md'), entry('blog/b.md', { translationKey: 'a' })])).toThrow(/blog\/a\.md, blog\/b\.md/);
  });
});
