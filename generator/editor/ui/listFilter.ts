/**
 * A list's entries as the author asks to see them: found by words of their name or file, filtered by
 * status (draft, scheduled, published), locale and any choice field, sorted by date or title, and
 * grouped by translation (the original first, then each locale in the site's order). Pure.
 */
import type { EditorEntry, EditorSite } from '../editorTypes.ts';

export interface ListFilter {
  search: string;
  status: '' | 'draft' | 'scheduled' | 'published';
  locale: string;
  /** Choice field -> the value wanted ('' for any). */
  values: Record<string, string>;
  sort: '' | 'date-desc' | 'date-asc' | 'title';
}

export const noFilter = (): ListFilter => ({ search: '', status: '', locale: '', values: {}, sort: '' });

export function filterEntries(entries: readonly EditorEntry[], f: ListFilter): EditorEntry[] {
  const words = f.search.toLowerCase().split(/\s+/).filter(Boolean);
  const kept = entries.filter((e) => {
    const text = `${e.name} ${e.file}`.toLowerCase();
    if (!words.every((w) => text.includes(w))) return false;
    if (f.status === 'draft' && !e.draft) return false;
    if (f.status === 'scheduled' && !e.scheduled) return false;
    if (f.status === 'published' && (e.draft || e.scheduled)) return false;
    if (f.locale && e.locale !== f.locale) return false;
    return Object.entries(f.values).every(([k, v]) => !v || e.values?.[k] === v);
  });
  if (f.sort === 'title') return kept.sort((a, b) => a.name.localeCompare(b.name));
  if (f.sort === 'date-desc' || f.sort === 'date-asc') {
    const sign = f.sort === 'date-desc' ? -1 : 1;
    return kept.sort((a, b) => sign * (a.date ?? '').localeCompare(b.date ?? '') || a.name.localeCompare(b.name));
  }
  return kept;
}

/** Entries of one translation key together: the default locale's first, then the others in the site's order. */
export function groupTranslations(entries: readonly EditorEntry[], i18n: EditorSite['i18n']): EditorEntry[][] {
  const order = i18n ? [i18n.defaultLocale, ...i18n.locales.map((l) => l.code).filter((c) => c !== i18n.defaultLocale)] : [];
  const groups = new Map<string, EditorEntry[]>();
  for (const e of entries) {
    const key = e.key ?? e.file;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  return [...groups.values()].map((g) => g.sort((a, b) => order.indexOf(a.locale ?? '') - order.indexOf(b.locale ?? '')));
}
