/**
 * The Open Graph locale (language_TERRITORY) of a BCP 47 language tag: "en-GB" -> "en_GB",
 * "zh-Hant-TW" -> "zh_TW". A bare language takes the territory it is most often meant for
 * (DEFAULT_TERRITORY), else stays the language alone. Pure.
 */

/** The territory of a bare language tag: where the language is named for, or its largest audience. */
export const DEFAULT_TERRITORY: Readonly<Record<string, string>> = {
  ar: 'AR', cs: 'CZ', da: 'DK', de: 'DE', el: 'GR', en: 'US', es: 'ES', fi: 'FI', fr: 'FR', he: 'IL', hi: 'IN', hu: 'HU', id: 'ID',
  it: 'IT', ja: 'JP', ko: 'KR', nb: 'NO', nl: 'NL', pl: 'PL', pt: 'BR', ro: 'RO', ru: 'RU', sk: 'SK', sv: 'SE', th: 'TH', tr: 'TR',
  uk: 'UA', vi: 'VN', zh: 'CN',
};

export function ogLocale(language: string): string {
  const [lang = '', ...rest] = language.trim().split(/[-_]/);
  const code = lang.toLowerCase();
  // The region subtag: two letters or three digits, after the language and any script subtag.
  const region = rest.find((s) => /^([a-z]{2}|\d{3})$/i.test(s));
  const territory = region?.toUpperCase() ?? DEFAULT_TERRITORY[code];
  return territory ? `${code}_${territory}` : code;
}
