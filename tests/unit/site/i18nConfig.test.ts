/** The config's `i18n` block: taken when right; a wrong value, an unknown key or a bad reference names where it is. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SiteError } from '../../../generator/core/errors.ts';
import { checkDefinition } from '../../../generator/site/checkDefinition.ts';
import { collection, defineConfig } from '../../../generator/site/defineConfig.ts';

const good = defineConfig({
  collections: {
    posts: collection.list('blog', z.object({ title: z.string() })),
    strings: collection.list('strings', z.record(z.string(), z.string())),
    site: collection.file('site.json', z.object({})),
  },
  meta: () => ({ name: 'S', url: 'https://example.com', language: 'en' }),
  routes: () => [],
  templates: { page: () => null },
});
const i18n = {
  locales: { en: { lang: 'en', label: 'English' }, ar: { lang: 'ar', dir: 'rtl', label: 'العربية' } },
  defaultLocale: 'en',
  strings: 'strings',
  fallback: 'page',
};

function failure(value: unknown): SiteError<'SiteConfigInvalid'> {
  try {
    checkDefinition(value, 'site.config.ts');
  } catch (e) {
    expect(e).toBeInstanceOf(SiteError);
    return e as SiteError<'SiteConfigInvalid'>;
  }
  throw new Error('checkDefinition did not throw');
}

describe('i18n in the config', () => {
  it('takes locales, a default, a prefix rule, strings, collections and a fallback rule', () => {
    const value = { ...good, i18n: { ...i18n, prefixDefault: true, collections: ['posts'], fallback: 'error' } };
    expect(checkDefinition(value, 'site.config.ts')).toMatchObject({ i18n: { defaultLocale: 'en', prefixDefault: true } });
  });

  it('names an unknown key where it is, with the nearest known one', () => {
    const cases: [object, string, string][] = [
      [{ ...i18n, defaultLocal: 'en' }, 'i18n.defaultLocal', 'defaultLocale'],
      [{ ...i18n, locales: { en: { lang: 'en', label: 'English', feeds: { title: 'F', path: '/feed.xml' } } } }, 'i18n.locales.en.feeds', 'feed'],
    ];
    for (const [value, field, near] of cases) {
      const e = failure({ ...good, i18n: value });
      expect(e.args.field, field).toBe(field);
      expect(e.args.expected, field).toContain(`did you mean "${near}"?`);
    }
    expect(failure({ ...good, il8n: i18n }).args.expected).toMatch(/did you mean "i18n"\?/);
  });

  it('refuses a wrong direction, fallback rule, default locale or collection, saying what it takes', () => {
    const cases: [object, string, RegExp][] = [
      [{ ...i18n, locales: { en: { lang: 'en', label: 'English', dir: 'right' } } }, 'i18n.locales.en.dir', /dir\?: "ltr" \| "rtl"/],
      [{ ...i18n, fallback: 'copy' }, 'i18n.fallback', /"error" .* or "page"/],
      [{ ...i18n, defaultLocale: 'fr' }, 'i18n.defaultLocale', /one of i18n\.locales/],
      [{ ...i18n, strings: 'site' }, 'i18n.strings', /a list collection/],
      [{ ...i18n, collections: ['nope'] }, 'i18n.collections.0', /a list collection/],
    ];
    for (const [value, field, expected] of cases) {
      const e = failure({ ...good, i18n: value });
      expect(e.args.field, field).toBe(field);
      expect(e.args.expected, field).toMatch(expected);
    }
  });
});
