/**
 * The collections and their entries: drafts and scheduled entries marked, a "New" link per list, and
 * for each list a search, filters (status, locale, every choice field) and a sort. A translated list
 * shows each entry once with its translations under it, each labelled by its language, and a
 * "Translate into ..." link for every language it lacks; a strings file is named by its language.
 */
import type { EditorEntry, EditorSite } from '../editorTypes.ts';
import { h } from './dom.ts';
import { filterEntries, groupTranslations, noFilter, type ListFilter } from './listFilter.ts';

type Form = EditorSite['forms'][number];
const filters = new Map<string, ListFilter>();
let search = '';

const marks = (e: EditorEntry) =>
  [e.draft ? 'draft' : '', e.scheduled ? `scheduled ${e.scheduled}` : ''].filter(Boolean).map((m) => h('span', { class: `ed-mark ed-mark-${m.split(' ')[0]}` }, m));

function link(e: EditorEntry, current: string | null, text: string, lang?: string): HTMLElement {
  return h('a', { href: `#${encodeURIComponent(e.file)}`, ...(e.file === current ? { 'aria-current': 'page' } : {}), ...(lang ? { lang } : {}) }, text);
}

function items(site: EditorSite, form: Form, current: string | null): HTMLElement[] {
  const all = site.entries.filter((e) => e.collection === form.name);
  const shown = filterEntries(all, { ...(filters.get(form.name) ?? noFilter()), search });
  const i18n = site.i18n;
  const label = (code?: string) => i18n?.locales.find((l) => l.code === code);
  if (form.name === i18n?.strings) return shown.map((e) => h('li', {}, link(e, current, `${label(e.locale)?.label ?? e.name} (${e.file.split('/').pop()})`)));
  if (!i18n?.translated.includes(form.name)) return shown.map((e) => h('li', {}, link(e, current, e.name), ...marks(e)));
  return groupTranslations(shown, i18n).map(([first, ...rest]) => {
    const l = label(first!.locale);
    const group = all.filter((e) => e.key === first!.key);
    const missing = group.some((e) => e.locale === i18n.defaultLocale) ? i18n.locales.filter((x) => !group.some((e) => e.locale === x.code)) : [];
    const sub = [
      ...rest.map((e) => h('li', {}, link(e, current, label(e.locale)?.label ?? e.locale ?? '', label(e.locale)?.lang), ...marks(e))),
      ...missing.map((x) => h('li', {}, h('a', { class: 'ed-translate', href: `#translate:${x.code}:${encodeURIComponent(group.find((e) => e.locale === i18n.defaultLocale)!.file)}` }, `Translate into ${x.label}`))),
    ];
    return h('li', {}, link(first!, current, first!.name), ' ', h('span', { class: 'ed-locale', lang: l?.lang }, l?.label ?? ''), ...marks(first!), sub.length ? h('ul', { class: 'ed-translations', 'aria-label': `Translations of ${first!.name}` }, ...sub) : '');
  });
}

function select(id: string, label: string, options: [string, string][], value: string, set: (v: string) => void): HTMLElement {
  const s = h('select', { id }, ...options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)));
  s.addEventListener('change', () => set(s.value));
  return h('div', { class: 'ed-field' }, h('label', { for: id }, label), s);
}

function filterControls(site: EditorSite, form: Form, redraw: () => void): HTMLElement | null {
  const f = filters.get(form.name) ?? noFilter();
  filters.set(form.name, f);
  const set = (apply: () => void) => {
    apply();
    redraw();
  };
  const id = (k: string) => `ed-f-${form.name}-${k}`.replace(/[^\w-]/g, '_');
  const controls: HTMLElement[] = [];
  if (form.draftField || form.dateField) controls.push(select(id('status'), 'Status', [['', 'All'], ['draft', 'Drafts'], ['scheduled', 'Scheduled'], ['published', 'Published']], f.status, (v) => set(() => (f.status = v as ListFilter['status']))));
  if (site.i18n?.translated.includes(form.name)) controls.push(select(id('locale'), 'Language', [['', 'All'], ...site.i18n.locales.map((l): [string, string] => [l.code, l.label])], f.locale, (v) => set(() => (f.locale = v))));
  for (const field of Array.isArray(form.fields) ? form.fields : []) {
    if (field.kind !== 'enum') continue;
    controls.push(select(id(`v-${field.name}`), field.label || field.name, [['', 'All'], ...(field.options ?? []).map((o): [string, string] => [o, o])], f.values[field.name] ?? '', (v) => set(() => (f.values[field.name] = v))));
  }
  controls.push(select(id('sort'), 'Sort', [['', 'As the site sorts them'], ...(form.dateField ? [['date-desc', 'Newest first'], ['date-asc', 'Oldest first']] as [string, string][] : []), ['title', 'Title, A to Z']], f.sort, (v) => set(() => (f.sort = v as ListFilter['sort']))));
  // Drawn while open only: a closed box holds no control (the form's own labels stay the only ones).
  const box = h('details', { class: 'ed-filters', ...(JSON.stringify(f) !== JSON.stringify(noFilter()) ? { open: true } : {}) }, h('summary', {}, 'Filter and sort'));
  const draw = () => box.replaceChildren(box.firstChild!, ...(box.open ? controls : []));
  box.addEventListener('toggle', draw);
  draw();
  return box;
}

export function entryList(site: EditorSite, current: string | null): HTMLElement {
  const box = h('div', {});
  const input = h('input', { id: 'ed-search', type: 'search', value: search, autocomplete: 'off' });
  box.append(h('div', { class: 'ed-field ed-search' }, h('label', { for: 'ed-search' }, 'Search entries'), input));
  const redraws: (() => void)[] = [];
  input.addEventListener('input', () => {
    search = input.value;
    for (const r of redraws) r();
  });
  for (const form of site.forms) {
    const headingId = `ed-c-${form.name}`;
    const list = h('ul', { 'aria-labelledby': headingId });
    const count = h('p', { class: 'ed-count ed-hint' });
    const redraw = () => {
      const shown = items(site, form, current);
      list.replaceChildren(...shown);
      const total = site.entries.filter((e) => e.collection === form.name).length;
      count.textContent = shown.length === 0 && total > 0 ? 'No entry matches.' : '';
    };
    redraws.push(redraw);
    redraw();
    const kind = form.kind === 'list' ? '' : ` (${form.kind})`;
    box.append(
      h('section', { class: 'ed-collection', 'aria-labelledby': headingId },
        h('h3', { id: headingId }, `${form.name}${kind}`),
        // A strings file is a language of the site's: made with the site's languages, not here.
        form.kind === 'list' && form.name !== site.i18n?.strings ? h('a', { class: 'ed-new', href: `#new:${encodeURIComponent(form.name)}` }, `New entry in ${form.name}`) : null,
        form.kind === 'list' && form.name !== site.i18n?.strings ? filterControls(site, form, redraw) : null,
        count,
        list,
      ),
    );
  }
  return box;
}
