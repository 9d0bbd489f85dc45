/**
 * The UI strings of a multilingual site: one data file per locale in the `strings` list collection,
 * named by the locale's code (strings/de.yaml). Every locale's file holds every key any of them holds;
 * the first gap is StringMissing naming the locale, the key and the file. Pure.
 */
import { SiteError } from '../core/errors.ts';
import type { EntryMeta, I18nOptions } from '../site/defineConfig.ts';

/** The fields the engine adds to every entry (its place, its body): never string keys. */
const ENGINE_FIELDS = new Set(['slug', 'file', 'hash', 'draft', 'scheduled', 'imageRefs', 'locale', 'fallback', 'html', 'headings', 'words']);

/** A locale's strings entry and the file it is (or would be) read from. */
export function stringsOf(i18n: I18nOptions, dir: string, entries: readonly EntryMeta[], code: string): { file: string; strings?: Record<string, unknown> } {
  const entry = entries.find((e) => e.slug === code);
  return { file: entry?.file ?? `${dir}/${code}.yaml`, ...(entry ? { strings: entry as Record<string, unknown> } : {}) };
}

/** The keys of a strings entry (its own fields, the engine's left out). */
export const stringKeys = (strings: Record<string, unknown>): string[] => Object.keys(strings).filter((k) => !ENGINE_FIELDS.has(k));

export function checkStrings(i18n: I18nOptions, dir: string, entries: readonly EntryMeta[]): void {
  const codes = Object.keys(i18n.locales);
  const all = new Set(entries.flatMap((e) => stringKeys(e as Record<string, unknown>)));
  for (const code of codes) {
    const { file, strings } = stringsOf(i18n, dir, entries, code);
    for (const key of [...all].sort()) {
      if (typeof strings?.[key] !== 'string') throw new SiteError('StringMissing', { locale: code, key, file, exists: strings !== undefined });
    }
  }
}
