/**
 * The search index's files from its documents: one index for the site, or on a multilingual site one
 * per locale, its manifest at `search/<code>/index.json`, of that locale's entries (fallback entries left
 * out: they repeat the original's text), which each page of that locale names for `searchIndex()`. Pure.
 */
import { localeSearchManifest } from '../islands/searchFormat.ts';
import type { EntryMeta, I18nOptions } from '../site/defineConfig.ts';
import { buildSearchIndex, MANIFEST_FILE, type SearchDoc } from './buildSearchIndex.ts';

/** A locale's manifest file in the output. */
export const localeManifest = (code: string) => localeSearchManifest(code).slice(1);

export function searchIndexFiles(docs: readonly { doc: SearchDoc; entry: EntryMeta }[], i18n?: I18nOptions): Map<string, string> {
  if (!i18n) return buildSearchIndex(docs.map((d) => d.doc));
  const files = new Map<string, string>();
  for (const code of Object.keys(i18n.locales)) {
    const own = docs.filter((d) => (d.entry.locale ?? i18n.defaultLocale) === code && !d.entry.fallback).map((d) => d.doc);
    for (const [file, json] of buildSearchIndex(own)) files.set(file === MANIFEST_FILE ? localeManifest(code) : file, json);
  }
  return files;
}
