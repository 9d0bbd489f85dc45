/**
 * The editor in the browser: the list of entries, and for the one opened (by the page's #hash: a file, or
 * "new:<collection>") its form, body with preview and its page. A save is checked first (the build's own
 * validation), then sent with the version the entry was read at; a change made on disk meanwhile is told.
 */
import type { WireError } from '../../dev/workerProtocol.ts';
import type { EditorDoc, EditorSite } from '../editorTypes.ts';
import { call } from './api.ts';
import { bodyEditor } from './bodyEditor.ts';
import { h } from './dom.ts';
import { entryList } from './entryList.ts';
import { fieldControl, type Field } from './renderForm.ts';
import { showErrors } from './showErrors.ts';

type Form = EditorSite['forms'][number];
/** A new entry's format: the list's, else markdown. */
const formatOfForm = (form: Form): 'md' | 'json' | 'yaml' => (form.format === 'json' || form.format === 'yaml' ? form.format : 'md');

const main = document.getElementById('ed-main')!;
const listBox = document.getElementById('ed-list')!;
const status = document.getElementById('ed-status')!;
let site: EditorSite | null = null;

/** What is open: the entry's file (to be, for a new one), its form, its data and body, the version read. */
let open: { file: string; form: Form; data: Record<string, unknown>; body: string | null; version: string | null; isNew: boolean; alert: HTMLElement; formEl: HTMLFormElement; stale?: boolean } | null = null;

async function loadSite(): Promise<void> {
  const res = await call<EditorSite>('GET', 'site');
  if (!res.ok) return void (status.textContent = res.error.message);
  site = res.value;
  listBox.replaceChildren(entryList(site, open?.file ?? null));
}

async function upload(file: File, alt: string, where: HTMLElement): Promise<string | null> {
  if (!open) return null;
  if (!alt.trim()) {
    where.textContent = 'Write the image\'s alt text first: what it shows, for those who cannot see it.';
    return null;
  }
  const res = await call<{ src: string }>('POST', 'image', file, { entry: open.file, name: file.name, alt });
  where.textContent = res.ok ? `Uploaded ${res.value.src}` : res.error.message;
  return res.ok ? res.value.src : null;
}

let checkTimer: number | undefined;
function changed(): void {
  clearTimeout(checkTimer);
  checkTimer = window.setTimeout(() => void check(), 300);
}

async function check(): Promise<WireError | null> {
  if (!open) return null;
  const mine = open;
  const res = await call<{ error: WireError | null }>('POST', 'check', { file: mine.file, data: mine.data, body: mine.body });
  const error = res.ok ? res.value.error : res.error;
  // A file changed on disk stays told until it is reloaded.
  if (open === mine && !(mine.stale && !error)) showErrors(mine.formEl, mine.alert, error);
  return error;
}

async function save(): Promise<void> {
  if (!open) return;
  const mine = open;
  status.textContent = 'Checking...';
  if (await check()) return void (status.textContent = 'Not saved: see the error.');
  const res = mine.isNew
    ? await call<{ file: string; version: string }>('POST', 'entry', { collection: mine.form.name, slug: mine.file.slice(mine.form.dir!.length + 1).replace(/\.\w+$/, ''), data: mine.data, body: mine.body })
    : await call<{ version: string }>('PUT', 'entry', { file: mine.file, version: mine.version, data: mine.data, body: mine.body });
  if (!res.ok) {
    showErrors(mine.formEl, mine.alert, res.error);
    if (res.status === 409) {
      mine.stale = true;
      mine.alert.append(' ', reloadButton());
    }
    status.textContent = 'Not saved.';
    return;
  }
  status.textContent = `Saved ${mine.file}.`;
  if (mine.isNew) location.hash = encodeURIComponent(mine.file);
  else mine.version = res.value.version;
  void loadSite();
}

function reloadButton(): HTMLElement {
  const b = h('button', { type: 'button' }, 'Reload from disk (drops your edits)');
  b.addEventListener('click', () => void route());
  return b;
}

async function remove(): Promise<void> {
  if (!open || open.isNew || !confirm(`Delete ${open.file}?`)) return;
  const res = await call('DELETE', 'entry', undefined, { file: open.file, version: open.version ?? '' });
  if (!res.ok) return showErrors(open.formEl, open.alert, res.error);
  status.textContent = `Deleted ${open.file}.`;
  location.hash = '';
}

function show(form: Form, doc: EditorDoc, isNew: boolean, page?: string): void {
  const alert = h('div', { role: 'alert', class: 'ed-alert', hidden: true });
  const formEl = h('form', { id: 'ed-form', class: 'ed-form', 'aria-labelledby': 'ed-title', novalidate: true });
  open = { file: doc.file, form, data: (doc.data ?? {}) as Record<string, unknown>, body: doc.body, version: doc.version || null, isNew, alert, formEl };
  const state = open;
  if (isNew) {
    const slug = h('input', { id: 'f-slug', type: 'text', required: true, 'aria-describedby': 'f-slug-hint' });
    slug.addEventListener('input', () => (state.file = `${form.dir}/${slug.value}.${formatOfForm(form)}`));
    formEl.append(h('div', { class: 'ed-field' }, h('label', { for: 'f-slug' }, 'file name'), h('p', { id: 'f-slug-hint', class: 'ed-hint' }, 'Lower case letters, digits and "-": the page\'s address.'), slug));
  }
  const hooks = { data: state.data, changed, upload };
  const fields = Array.isArray(form.fields) ? form.fields : (form.fields[doc.file.slice((form.dir ?? '').length + 1).replace(/\.\w+$/, '')] ?? []);
  for (const f of fields as Field[]) formEl.append(fieldControl(f, [f.name], hooks));
  if (doc.body !== null) formEl.append(bodyEditor(doc.body, { file: () => state.file, changed: (b) => ((state.body = b), changed()), upload }));
  const saveButton = h('button', { type: 'submit', class: 'ed-save' }, isNew ? 'Create' : 'Save');
  const actions = h('div', { class: 'ed-actions' }, saveButton);
  if (!isNew && form.kind === 'list') {
    const del = h('button', { type: 'button', class: 'ed-delete' }, 'Delete');
    del.addEventListener('click', () => void remove());
    actions.append(del);
  }
  formEl.append(actions);
  formEl.addEventListener('submit', (e) => {
    e.preventDefault();
    void save();
  });
  const title = h('h2', { id: 'ed-title', tabindex: '-1' }, isNew ? `New entry in ${form.name}` : `Edit ${doc.file}`);
  const pagePane = page
    ? h('section', { class: 'ed-page', 'aria-labelledby': 'ed-page-title' }, h('h3', { id: 'ed-page-title' }, 'Page'), h('iframe', { src: page, title: 'Page preview' }))
    : null;
  main.replaceChildren(title, alert, h('div', { class: 'ed-work' }, formEl, pagePane));
  (formEl.querySelector('input, select, textarea') as HTMLElement | null)?.focus();
}

async function route(): Promise<void> {
  if (!site) await loadSite();
  if (!site) return;
  const hash = decodeURIComponent(location.hash.slice(1));
  listBox.replaceChildren(entryList(site, hash || null));
  if (hash.startsWith('new:')) {
    const form = site.forms.find((f) => f.name === hash.slice(4));
    if (!form) return;
    const data: Record<string, unknown> = {};
    if (form.dateField) data[form.dateField] = new Date().toISOString().slice(0, 10);
    const format = formatOfForm(form);
    return show(form, { file: `${form.dir}/.${format}`, format, data, body: format === 'md' ? '' : null, version: '' }, true);
  }
  const entry = site.entries.find((e) => e.file === hash);
  const form = entry && site.forms.find((f) => f.name === entry.collection);
  if (!entry || !form) {
    open = null;
    return void main.replaceChildren(h('h2', { id: 'ed-title', tabindex: '-1' }, 'Choose an entry'), h('p', {}, 'Pick an entry to edit it, or make a new one.'));
  }
  const res = await call<EditorDoc>('GET', 'entry', undefined, { file: entry.file });
  if (!res.ok) return void (status.textContent = res.error.message);
  show(form, res.value, false, entry.page);
}

/** A change on disk (dev's events): the open entry's version is asked again; another than ours is told. */
function watchDisk(): void {
  const events = new EventSource('/__site/events');
  events.addEventListener('change', async () => {
    void loadSite();
    const mine = open;
    if (!mine || mine.isNew) return;
    const res = await call<EditorDoc>('GET', 'entry', undefined, { file: mine.file });
    if (open !== mine || (res.ok && res.value.version === mine.version)) return;
    mine.stale = true;
    mine.alert.hidden = false;
    mine.alert.textContent = `${mine.file} changed on disk since you opened it: saving is refused until you reload it.`;
    mine.alert.append(' ', reloadButton());
  });
}

window.addEventListener('hashchange', () => void route());
watchDisk();
void route();
