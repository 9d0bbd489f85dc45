import { describe, expect, it } from 'vitest';
import type { EditorEntry } from '../../../../generator/editor/editorTypes.ts';
import { filterEntries, groupTranslations, noFilter } from '../../../../generator/editor/ui/listFilter.ts';

const e = (name: string, more: Partial<EditorEntry> = {}): EditorEntry => ({ collection: 'posts', file: `blog/${name}.md`, name, ...more });
const entries = [
  e('Zebra crossings', { date: '2025-02-01', values: { category: 'Tools' } }),
  e('Apple trees', { date: '2025-03-01', draft: true, values: { category: 'Opinion' } }),
  e('Mountain maps', { date: '2999-01-01', scheduled: '2999-01-01', values: { category: 'Tools' } }),
];
const names = (list: EditorEntry[]) => list.map((x) => x.name);

describe('the list\'s search, filters and sort', () => {
  it('finds by every word, and filters by status and choice fields', () => {
    expect(names(filterEntries(entries, { ...noFilter(), search: 'maps mount' }))).toEqual(['Mountain maps']);
    expect(names(filterEntries(entries, { ...noFilter(), status: 'draft' }))).toEqual(['Apple trees']);
    expect(names(filterEntries(entries, { ...noFilter(), status: 'scheduled' }))).toEqual(['Mountain maps']);
    expect(names(filterEntries(entries, { ...noFilter(), status: 'published' }))).toEqual(['Zebra crossings']);
    expect(names(filterEntries(entries, { ...noFilter(), values: { category: 'Tools' } }))).toEqual(['Zebra crossings', 'Mountain maps']);
  });

  it('sorts by title or date, and otherwise keeps the site\'s order', () => {
    expect(names(filterEntries(entries, { ...noFilter(), sort: 'title' }))).toEqual(['Apple trees', 'Mountain maps', 'Zebra crossings']);
    expect(names(filterEntries(entries, { ...noFilter(), sort: 'date-desc' }))).toEqual(['Mountain maps', 'Apple trees', 'Zebra crossings']);
    expect(names(filterEntries(entries, noFilter()))).toEqual(['Zebra crossings', 'Apple trees', 'Mountain maps']);
  });

  it('groups translations, the default locale first, then the site\'s order', () => {
    const i18n = { defaultLocale: 'en', locales: [{ code: 'en', label: 'English', lang: 'en', dir: 'ltr' as const }, { code: 'de', label: 'Deutsch', lang: 'de', dir: 'ltr' as const }, { code: 'ar', label: 'العربية', lang: 'ar', dir: 'rtl' as const }], translated: ['posts'] };
    const list = [e('Karte', { key: 'map', locale: 'de' }), e('خريطة', { key: 'map', locale: 'ar' }), e('Map', { key: 'map', locale: 'en' }), e('Walks', { key: 'walks', locale: 'en' })];
    expect(groupTranslations(list, i18n).map(names)).toEqual([['Map', 'Karte', 'خريطة'], ['Walks']]);
  });
});
