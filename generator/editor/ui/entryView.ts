/**
 * One entry in the editor: its form (fields, body with toolbar and preview), the save's alert and the
 * live check's findings, its actions (save or create, delete), its history, and its page beside it.
 * A translation shows the original's values beside its own; a strings file every other locale's.
 */
import type { EditorLocale } from '../editorTypes.ts';
import { call } from './api.ts';
import { bodyEditor } from './bodyEditor.ts';
import { h } from './dom.ts';
import type { FormHooks, TextLanguage } from './fieldParts.ts';
import { historyPanel } from './historyPanel.ts';
import { fieldControl, type Field } from './renderForm.ts';
import { changed, remove, save, upload } from './saveFlow.ts';
import { state, type Form, type OpenEntry } from './state.ts';

/** What the view is made from: the entry's values and where they stand. */
export type Seed = Omit<OpenEntry, 'formEl' | 'saveAlert' | 'problems' | 'redraw'>;

export interface Extras {
  title: string;
  page?: string | null;
  /** Other versions shown beside each field (a translation's original; a strings file's other locales). */
  beside?: FormHooks['beside'];
  /** The original's body, beside a translation's. */
  originalBody?: { body: string; label: string } & TextLanguage;
  /** Set for a new entry: how its file name is asked for. */
  slug?: { fixed?: string; set(slug: string): void };
}

const main = () => document.getElementById('ed-main')!;
const language = (l?: EditorLocale): TextLanguage | undefined => (l ? { lang: l.lang, dir: l.dir } : undefined);

/** The site's images as the open entry names them. */
async function images(): Promise<{ file: string; src: string }[]> {
  const res = await call<{ images: { file: string }[] }>('GET', 'media');
  const from = state.open?.file ?? '';
  return res.ok ? res.value.images.filter((i) => !/\.svg$/i.test(i.file)).map((i) => ({ file: i.file, src: relative(from, i.file) })) : [];
}

/** `to` (relative to the content folder) as the file `from` names it: ./images/x.png, ../blog/images/x.png. */
export function relative(from: string, to: string): string {
  const a = from.split('/').slice(0, -1);
  const b = to.split('/');
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  const up = a.length - i;
  return `${up ? '../'.repeat(up) : './'}${b.slice(i).join('/')}`;
}

function fieldsOf(form: Form, file: string): Field[] {
  return (Array.isArray(form.fields) ? form.fields : (form.fields[file.slice((form.dir ?? '').length + 1).replace(/\.\w+$/, '')] ?? [])) as Field[];
}

function slugField(extras: Extras): HTMLElement | null {
  if (!extras.slug) return null;
  const input = h('input', { id: 'f-slug', type: 'text', required: true, 'aria-describedby': 'f-slug-hint f-slug-error', ...(extras.slug.fixed ? { value: extras.slug.fixed, readonly: true } : {}) });
  input.addEventListener('input', () => {
    extras.slug!.set(input.value.trim());
    input.removeAttribute('aria-invalid');
    document.getElementById('f-slug-error')?.setAttribute('hidden', '');
  });
  const hint = extras.slug.fixed ? 'The translation\'s file is named after the original\'s.' : 'Lower case letters, digits and "-": the page\'s address.';
  return h('div', { class: 'ed-field' }, h('label', { for: 'f-slug' }, 'file name'), h('p', { id: 'f-slug-hint', class: 'ed-hint' }, hint), input, h('p', { id: 'f-slug-error', class: 'ed-error', hidden: true }));
}

/** Draws the entry (the same object again on a redraw: what it holds carries over) and makes it the open one. */
export function showEntry(seed: Seed, extras: Extras): OpenEntry {
  const saveAlert = h('div', { role: 'alert', class: 'ed-alert', hidden: true });
  const problems = h('div', { class: 'ed-problems', id: 'ed-problems', hidden: true });
  const formEl = h('form', { id: 'ed-form', class: 'ed-form', 'aria-labelledby': 'ed-title', novalidate: true });
  const open = Object.assign(seed, { formEl, saveAlert, problems, redraw: () => void showEntry(open, extras) }) as OpenEntry;
  state.open = open;
  const hooks: FormHooks = { data: open.data, changed, upload, images, ...(language(open.locale) ? { language: language(open.locale) } : {}), ...(extras.beside ? { beside: extras.beside } : {}) };
  formEl.append(slugField(extras) ?? '');
  for (const f of fieldsOf(open.form, open.file)) formEl.append(fieldControl(f, f.name === '' ? [] : [f.name], hooks));
  if (open.body !== null) {
    formEl.append(
      bodyEditor(open.body, {
        file: () => open.file,
        data: () => open.data,
        changed: (b) => ((open.body = b), changed()),
        upload,
        images,
        components: state.site?.components ?? [],
        ...(language(open.locale) ? { language: language(open.locale) } : {}),
        ...(extras.originalBody ? { original: extras.originalBody } : {}),
      }),
    );
  }
  const actions = h('div', { class: 'ed-actions' }, h('button', { type: 'submit', class: 'ed-save', 'aria-keyshortcuts': 'Control+S' }, open.isNew ? 'Create' : 'Save'));
  // A strings file is one of the site's languages: it stays.
  if (!open.isNew && open.form.kind === 'list' && open.form.name !== state.site?.i18n?.strings) {
    const del = h('button', { type: 'button', class: 'ed-delete' }, 'Delete');
    del.addEventListener('click', () => void remove());
    actions.append(del);
  }
  formEl.append(actions, open.isNew ? '' : historyPanel(open));
  formEl.addEventListener('submit', (e) => {
    e.preventDefault();
    void save();
  });
  const title = h('h2', { id: 'ed-title', tabindex: '-1' }, extras.title);
  const pagePane = extras.page
    ? h('section', { class: 'ed-page', 'aria-labelledby': 'ed-page-title' }, h('h3', { id: 'ed-page-title' }, 'Page'), h('iframe', { src: extras.page, title: 'Page preview' }))
    : null;
  main().replaceChildren(title, saveAlert, problems, h('div', { class: pagePane ? 'ed-work' : 'ed-work ed-work-alone' }, formEl, pagePane));
  return open;
}

/** Focuses the form's first control (a new view). */
export const focusFirst = (open: OpenEntry) => (open.formEl.querySelector('input:not([readonly]), select, textarea') as HTMLElement | null)?.focus();
