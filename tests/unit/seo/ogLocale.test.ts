/** og:locale from the site's language tag. */
import { describe, expect, it } from 'vitest';
import { ogLocale } from '../../../generator/seo/ogLocale.ts';

describe('ogLocale', () => {
  it.each([
    ['en-GB', 'en_GB'],
    ['en-gb', 'en_GB'],
    ['de-AT', 'de_AT'],
    ['pt_BR', 'pt_BR'],
    ['zh-Hant-TW', 'zh_TW'],
    ['es-419', 'es_419'],
    ['en', 'en_US'],
    ['de', 'de_DE'],
    ['fr', 'fr_FR'],
    ['gd', 'gd'],
  ])('%s -> %s', (language, locale) => {
    expect(ogLocale(language)).toBe(locale);
  });
});
