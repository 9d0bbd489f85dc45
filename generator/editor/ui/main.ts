/**
 * The editor in the browser: the list of entries, and the view the page's #hash names: an entry (its
 * file), a new entry ("new:<collection>"), a translation ("translate:<locale>:<original>"), "publish"
 * or "media". Every way out of an entry with unsaved edits asks first (another entry, back, closing the
 * tab); a change made on disk meanwhile is told, and an edited form compared with it.
 */
import type { EditorDoc, EditorSite } from '../editorTypes.ts';
import { call } from './api.ts';
import { h } from './dom.ts';
import { entryList } from './entryList.ts';
import { focusFirst, showEntry, type Extras, type Seed } from './entryView.ts';
import { showMedia } from './mediaView.ts';
import { showPublish } from './publishView.ts';
import { discardUploads, hooks, inFlight, save, showConflict, tellChanged } from './saveFlow.ts';
import { copy, isDirty, localeOf, state, status, type Form } from './state.ts';

const main = document.getElementById('ed-main')!;
const listBox = document.getElementById('ed-list')!;
/** The hash the page shows (a way out that the author cancels goes back to it). */
let current = location.hash;

async function loadSite(): Promise<void> {
  const res = await call<EditorSite>('GET', 'site');
  if (!res.ok) return status(res.error.message);
  state.site = res.value;
  // Drawn again with the filters as they were, and the focus where it was.
  const focused = document.activeElement?.id;
  listBox.replaceChildren(entryList(state.site, state.open?.file ?? null));
  if (focused && listBox.contains(document.getElementById(focused))) document.getElementById(focused)!.focus();
}

const formOfFile = (file: string): Form | undefined =>
  state.site!.forms.find((f) => f.file === file || (f.dir && file.startsWith(`${f.dir}/`)));
const formatOfForm = (form: Form): 'md' | 'json' | 'yaml' => (form.format === 'json' || form.format === 'yaml' ? form.format : 'md');
const seedOf = (form: Form, doc: EditorDoc, isNew: boolean, localeCode?: string): Seed => ({
  file: doc.file, form, isNew, data: (doc.data ?? {}) as Record<string, unknown>, body: doc.body, version: doc.version || null,
  base: { data: copy((doc.data ?? {}) as Record<string, unknown>), body: doc.body }, uploads: [], ...(localeOf(localeCode) ? { locale: localeOf(localeCode)! } : {}),
});

function choose(): void {
  state.open = null;
  main.replaceChildren(h('h2', { id: 'ed-title', tabindex: '-1' }, 'Choose an entry'), h('p', {}, 'Pick an entry to edit it, or make a new one.'));
}

async function openEntry(file: string): Promise<void> {
  const site = state.site!;
  const entry = site.entries.find((e) => e.file === file);
  const form = entry ? site.forms.find((f) => f.name === entry.collection) : formOfFile(file);
  if (!form) return choose();
  const res = await call<EditorDoc>('GET', 'entry', undefined, { file });
  if (!res.ok) return void (res.status === 404 ? choose() : status(`${res.error.message} ${res.error.hint}`));
  const extras: Extras = { title: `Edit ${file}` };
  const i18n = site.i18n;
  const original = entry?.key && entry.locale !== i18n?.defaultLocale ? site.entries.find((e) => e.collection === entry.collection && e.key === entry.key && e.locale === i18n?.defaultLocale) : undefined;
  // A translation: the original's values beside; a strings file: every other locale's.
  const order = (code?: string) => (code === i18n?.defaultLocale ? -1 : (i18n?.locales.findIndex((l) => l.code === code) ?? 0));
  const others = original ? [original] : entry?.locale && form.name === i18n?.strings ? site.entries.filter((e) => e.collection === form.name && e.file !== file).sort((a, b) => order(a.locale) - order(b.locale)) : [];
  const docs = await Promise.all(others.map((o) => call<EditorDoc>('GET', 'entry', undefined, { file: o.file })));
  extras.beside = others.flatMap((o, i) => {
    const doc = docs[i]!;
    const l = localeOf(o.locale);
    return doc.ok && l ? [{ data: doc.value.data as Record<string, unknown>, label: l.label, lang: l.lang, dir: l.dir }] : [];
  });
  const first = docs[0];
  if (original && first?.ok && first.value.body !== null) extras.originalBody = { body: first.value.body, ...extras.beside[0]! };
  // A list entry's page is known; a data file's is the page that reads it.
  const reading = form.kind === 'list' ? null : await call<{ page: string | null }>('GET', 'page', undefined, { file });
  extras.page = entry?.page ?? (reading?.ok ? reading.value.page : null);
  focusFirst(showEntry(seedOf(form, res.value, false, entry?.locale), extras));
}

function newEntry(form: Form): void {
  const data: Record<string, unknown> = {};
  if (form.dateField) data[form.dateField] = new Date().toISOString().slice(0, 10);
  const format = formatOfForm(form);
  const seed = seedOf(form, { file: `${form.dir}/.${format}`, format, data, body: format === 'md' ? '' : null, version: '' }, true);
  focusFirst(showEntry(seed, { title: `New entry in ${form.name}`, slug: { set: (slug) => (seed.file = `${form.dir}/${slug}.${format}`) } }));
}

async function translate(code: string, file: string): Promise<void> {
  const site = state.site!;
  const entry = site.entries.find((e) => e.file === file);
  const form = entry && site.forms.find((f) => f.name === entry.collection);
  const locale = localeOf(code);
  const originalLocale = localeOf(entry?.locale);
  const res = await call<EditorDoc>('GET', 'entry', undefined, { file });
  if (!entry?.key || !form || !locale || !originalLocale || !res.ok) return choose();
  const format = formatOfForm(form);
  const name = `${entry.key}.${code}`;
  const seed = seedOf(form, { ...res.value, file: `${form.dir}/${name}.${format}`, version: '' }, true, code);
  const beside = [{ data: res.value.data as Record<string, unknown>, label: originalLocale.label, lang: originalLocale.lang, dir: originalLocale.dir }];
  const extras: Extras = { title: `Translate ${entry.name} into ${locale.label}`, beside, slug: { fixed: name, set: () => {} }, ...(res.value.body !== null ? { originalBody: { body: res.value.body, ...beside[0]! } } : {}) };
  focusFirst(showEntry(seed, extras));
}

async function route(): Promise<void> {
  if (!state.site) await loadSite();
  if (!state.site) return;
  const hash = decodeURIComponent(location.hash.slice(1));
  current = location.hash;
  listBox.replaceChildren(entryList(state.site, hash || null));
  for (const a of document.querySelectorAll('.ed-views a')) a.toggleAttribute('aria-current', a.getAttribute('href') === `#${hash}`);
  if (hash === 'publish') return (state.open = null), showPublish(main);
  if (hash === 'media') return (state.open = null), showMedia(main);
  if (hash.startsWith('new:')) {
    const form = state.site.forms.find((f) => f.name === hash.slice(4));
    return form?.kind === 'list' ? newEntry(form) : choose();
  }
  const translation = /^translate:([^:]+):(.+)$/.exec(hash);
  if (translation) return translate(translation[1]!, translation[2]!);
  return hash ? openEntry(hash) : choose();
}

/** Leads the page to `hash` (the entry is safe to leave: saved or deleted). */
hooks.go = (hash) => {
  history.pushState(null, '', hash || `${location.pathname}${location.search}`);
  void route();
};
hooks.reloadSite = loadSite;

/** Whether the open entry may be left: no unsaved edits, or the author agrees to lose them (and the images uploaded for them). */
function mayLeave(): boolean {
  const open = state.open;
  if (!isDirty(open)) return true;
  if (!confirm(`${open!.isNew ? 'This new entry is' : `${open!.file} has`} unsaved changes. Leave and lose them?`)) return false;
  void discardUploads(open);
  open!.base = { data: copy(open!.data), body: open!.body };
  return true;
}

// A link of the editor: asked before the address changes, so a "no" leaves the history as it was.
document.addEventListener('click', (e) => {
  const a = (e.target as Element).closest?.('a[href^="#"]');
  if (!a || a.getAttribute('target') || e.ctrlKey || e.metaKey || e.shiftKey || a.getAttribute('href') === current || a.closest('.ed-problems')) return;
  if (!mayLeave()) e.preventDefault();
});
// Back, forward, or an address typed: asked after it changed, and put back on a "no".
window.addEventListener('hashchange', () => {
  if (location.hash === current) return;
  if (!mayLeave()) return void history.replaceState(null, '', current || `${location.pathname}${location.search}`);
  void route();
});
window.addEventListener('beforeunload', (e) => {
  if (!isDirty()) return;
  e.preventDefault();
  // What older browsers need to ask (the text itself is never shown).
  e.returnValue = 'You have unsaved changes.';
});
document.addEventListener('keydown', (e) => {
  if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's' && state.open) {
    e.preventDefault();
    void save();
  }
});

/** A change on disk (dev's events): told, and for a form with edits the two versions compared. */
new EventSource('/__site/events').addEventListener('change', async () => {
  void loadSite();
  const mine = state.open;
  if (!mine || mine.isNew || inFlight.saving) return;
  const res = await call<EditorDoc>('GET', 'entry', undefined, { file: mine.file });
  if (state.open !== mine || inFlight.saving || !res.ok || res.value.version === mine.version) return;
  if (isDirty(mine)) showConflict(mine, res.value);
  else tellChanged(mine, res.value);
});

void route();
