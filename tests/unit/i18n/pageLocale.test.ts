/** generator/i18n/pageLocale.ts and checkStrings.ts: strings per locale, their gaps named, dates and numbers per locale. */
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../generator/core/errors.ts';
import { checkStrings } from '../../../generator/i18n/checkStrings.ts';
import { pageLocale } from '../../../generator/i18n/pageLocale.ts';
import type { EntryMeta, I18nOptions, Route } from '../../../generator/site/defineConfig.ts';

const i18n: I18nOptions = {
  locales: { en: { lang: 'en', label: 'English' }, de: { lang: 'de', label: 'Deutsch' }, ar: { lang: 'ar', dir: 'rtl', label: 'العربية' } },
  defaultLocale: 'en',
  fallback: 'error',
};
const strings = (code: string, values: Record<string, string>): EntryMeta => ({ slug: code, file: `strings/${code}.yaml`, hash: '', ...values });
const route = (locale: string) => ({ path: '/', locale } as Route);
const failure = (fn: () => unknown): SiteError => {
  try {
    fn();
  } catch (e) {
    return e as SiteError;
  }
  throw new Error('did not throw');
};

describe('checkStrings', () => {
  const all = [strings('en', { home: 'Home', blog: 'Blog' }), strings('de', { home: 'Start', blog: 'Blog' }), strings('ar', { home: 'الرئيسية', blog: 'المدونة' })];

  it('passes when every locale holds every key', () => {
    expect(() => checkStrings(i18n, 'strings', all)).not.toThrow();
  });

  it('names the locale, the key and the file that lacks it', () => {
    const e = failure(() => checkStrings(i18n, 'strings', [all[0]!, strings('de', { home: 'Start' }), all[2]!]));
    expect(e.code).toBe('StringMissing');
    expect(e.message).toBe('strings/de.yaml (locale "de") has no string "blog".');
    expect(e.hint).toContain('strings/de.yaml');
  });

  it('names the file a locale without strings should have', () => {
    const e = failure(() => checkStrings(i18n, 'strings', all.slice(0, 2)));
    expect(e.message).toBe('The locale "ar" has no strings file strings/ar.yaml, so it lacks the string "blog".');
  });
});

describe('pageLocale', () => {
  const source = { dir: 'strings', entries: () => [strings('en', { home: 'Home' }), strings('de', { home: 'Start' }), strings('ar', { home: 'الرئيسية' })] };

  it('gives the page its language, direction and strings', () => {
    const ar = pageLocale(i18n, route('ar'), source);
    expect([ar.code, ar.lang, ar.dir, ar.label]).toEqual(['ar', 'ar', 'rtl', 'العربية']);
    expect(ar.t('home')).toBe('الرئيسية');
    expect(pageLocale(i18n, route('de'), source).dir).toBe('ltr');
  });

  it('fails on a key the locale lacks, naming locale, key and file', () => {
    const e = failure(() => pageLocale(i18n, route('de'), source).t('missing'));
    expect(e.code).toBe('StringMissing');
    expect(e.message).toBe('strings/de.yaml (locale "de") has no string "missing".');
  });

  it('formats dates (UTC) and numbers in the locale\'s words', () => {
    expect(pageLocale(i18n, route('de'), source).formatDate('2026-03-14')).toBe('14. März 2026');
    expect(pageLocale(i18n, route('en'), source).formatDate('2026-03-14')).toBe('March 14, 2026');
    expect(pageLocale(i18n, route('de'), source).formatNumber(1234.5)).toBe('1.234,5');
    expect(pageLocale(i18n, route('en'), source).formatNumber(1234.5)).toBe('1,234.5');
  });
});
