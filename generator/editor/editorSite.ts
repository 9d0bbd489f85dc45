/**
 * What the editor's browser code knows of the site, as plain data: each collection's form, every entry
 * with its page, its draft and scheduled markers, its locale and translation key, and the values its
 * list can be filtered and sorted by (its date, its choice fields); the site's languages; and the
 * article components an author may place, each with the form of its props. Fallback entries (a locale
 * showing the original) are no files of their own and are left out. Pure.
 */
import type { ArticleComponents } from '../content/components/componentCalls.ts';
import type { Collection, I18nOptions, Route } from '../site/defineConfig.ts';
import { collectionForms, type CollectionForm, type FileFormat } from './collectionForms.ts';
import type { EditorEntry, EditorSite } from './editorTypes.ts';
import { formFields } from './formFields.ts';
import { formatOf } from './newEntryText.ts';

type Marked = { file?: string; slug?: string; title?: unknown; draft?: boolean; scheduled?: string; locale?: string; fallback?: string; translationKey?: unknown };

/** The directive name authors write for a component: PullQuote -> pull-quote (componentName's inverse). */
export const directiveName = (name: string): string => name.replace(/^[A-Z]/, (c) => c.toLowerCase()).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** A list entry's values the list filters and sorts by: its date, and its choice fields' values. */
function valuesOf(form: CollectionForm | undefined, e: Record<string, unknown>): Pick<EditorEntry, 'date' | 'values'> {
  const out: Pick<EditorEntry, 'date' | 'values'> = {};
  const date = form?.dateField ? e[form.dateField] : undefined;
  if (typeof date === 'string') out.date = date;
  else if (date instanceof Date) out.date = date.toISOString().slice(0, 10);
  const values: Record<string, string> = {};
  for (const f of Array.isArray(form?.fields) ? form.fields : []) if (f.kind === 'enum' && (typeof e[f.name] === 'string' || typeof e[f.name] === 'number')) values[f.name] = String(e[f.name]);
  if (Object.keys(values).length) out.values = values;
  return out;
}

function languages(i18n: I18nOptions | undefined, collections: Record<string, Collection>): EditorSite['i18n'] {
  if (!i18n) return undefined;
  const lists = Object.entries(collections).filter(([, c]) => c.kind === 'list').map(([name]) => name);
  return {
    defaultLocale: i18n.defaultLocale,
    locales: Object.entries(i18n.locales).map(([code, l]) => ({ code, label: l.label, lang: l.lang, dir: l.dir ?? 'ltr' })),
    ...(i18n.strings ? { strings: i18n.strings } : {}),
    translated: i18n.collections ?? lists.filter((n) => n !== i18n.strings),
  };
}

export function editorSite(
  site: { collections: Record<string, Collection>; i18n?: I18nOptions; markdown?: { components?: ArticleComponents } },
  collections: Record<string, unknown>,
  routes: readonly Route[],
): EditorSite {
  // An entry's own page (a fallback page shows the original in another locale: not the original's page).
  const pageOf = new Map<string, string>();
  for (const r of routes) {
    const entry = r.entry as Marked | undefined;
    if (entry?.file && !entry.fallback && !pageOf.has(entry.file)) pageOf.set(entry.file, r.path);
  }
  const i18n = languages(site.i18n, site.collections);
  const forms0 = collectionForms(site.collections);
  const entries: EditorEntry[] = [];
  for (const [name, c] of Object.entries(site.collections)) {
    if (c.kind === 'file') entries.push({ collection: name, file: c.file, name: c.file });
    else if (c.kind === 'record') {
      const ext = c.format === 'json' ? 'json' : 'md';
      for (const key of Object.keys(c.schemas)) entries.push({ collection: name, file: `${c.dir}/${key}.${ext}`, name: key });
    } else {
      const form = forms0.find((f) => f.name === name);
      const value = collections[name];
      for (const e of (Array.isArray(value) ? value : []) as Marked[]) {
        if (!e.file || e.fallback) continue;
        const page = pageOf.get(e.file);
        const locale = e.locale ?? (name === i18n?.strings && i18n.locales.some((l) => l.code === e.slug) ? e.slug : undefined);
        const key = i18n?.translated.includes(name) ? (typeof e.translationKey === 'string' ? e.translationKey : e.slug) : undefined;
        entries.push({
          collection: name,
          file: e.file,
          name: typeof e.title === 'string' ? e.title : (e.slug ?? e.file),
          ...(e.draft ? { draft: true } : {}),
          ...(e.scheduled ? { scheduled: e.scheduled } : {}),
          ...(page ? { page } : {}),
          ...(locale ? { locale } : {}),
          ...(key ? { key } : {}),
          ...valuesOf(form, e as Record<string, unknown>),
        });
      }
    }
  }
  // A list's format, by the files it holds (a new entry is made in it; markdown when it holds none).
  const formats: Record<string, FileFormat> = {};
  for (const e of entries) {
    const f = formatOf(e.file);
    formats[e.collection] = formats[e.collection] && formats[e.collection] !== f ? 'mixed' : f;
  }
  const components = Object.entries(site.markdown?.components ?? {}).map(([name, c]) => ({ name, directive: directiveName(name), fields: c.props ? formFields(c.props) : [] }));
  return { forms: collectionForms(site.collections, formats), entries, components, ...(i18n ? { i18n } : {}) };
}
