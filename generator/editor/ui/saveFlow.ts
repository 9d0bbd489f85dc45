/**
 * Checking, saving, creating and deleting the open entry. A save is sent with the version the entry was
 * read at and checked by the server with the build's own validation (refused: every invalid field shown,
 * and the build's message told to site dev's terminal); a change
 * on disk meanwhile opens the comparison (conflictView.ts) with the author's edits kept; a name already
 * taken keeps the form as it is. Images uploaded for edits that are then dropped are removed again.
 */
import type { EditorCheck, EditorDoc } from '../editorTypes.ts';
import { call, type Refusal } from './api.ts';
import { conflictView } from './conflictView.ts';
import { h } from './dom.ts';
import { details, showInvalid, showProblems, showRefusal } from './showErrors.ts';
import { copy, isDirty, state, status, type OpenEntry } from './state.ts';

/** Set by main.ts: the list made again, and the page led to a new hash once the entry is safe to leave. */
export const hooks = { reloadSite: async () => {}, go: (_hash: string) => {} };
/** While a save is on its way, a change on disk is this editor's own. */
export const inFlight = { saving: false };

let checkTimer: number | undefined;
export function changed(): void {
  clearTimeout(checkTimer);
  checkTimer = window.setTimeout(() => void check(), 300);
}

export async function check(): Promise<EditorCheck | null> {
  const mine = state.open;
  if (!mine) return null;
  const res = await call<EditorCheck>('POST', 'check', { file: mine.file, data: mine.data, body: mine.body });
  const result = res.ok ? res.value : { error: res.error, problems: [] };
  if (state.open === mine) showProblems(mine.formEl, mine.problems, result);
  return result;
}

/** The slug a new entry is created under: its file name without the folder and extension (a translation's with its locale: trail-notes.de). */
const slugOf = (open: OpenEntry) => open.file.slice(open.form.dir!.length + 1).replace(/\.\w+$/, '');

function refused(mine: OpenEntry, res: Refusal): void {
  if (res.status === 409 && res.json.disk) return showConflict(mine, res.json.disk as EditorDoc);
  if (res.status === 422 && 'problems' in res.json) {
    const result = { error: res.error, problems: res.json.problems as EditorCheck['problems'] };
    showProblems(mine.formEl, mine.problems, result);
    showInvalid(mine.saveAlert, result);
    return status('Not saved.');
  }
  const extra: (Node | string)[] = [];
  if (res.error.code === 'EditorEntryExists') {
    extra.push(' ', h('a', { href: `#${encodeURIComponent(mine.file)}`, target: '_blank', rel: 'noopener' }, 'Open the existing entry in a new tab'));
    const slug = document.getElementById('f-slug');
    const said = document.getElementById('f-slug-error');
    slug?.setAttribute('aria-invalid', 'true');
    if (said) Object.assign(said, { hidden: false, textContent: 'This name is taken: choose another.' });
    slug?.focus();
  }
  showRefusal(mine.saveAlert, res.error, ...extra, details(res.error));
  status('Not saved.');
}

export async function save(): Promise<void> {
  const mine = state.open;
  if (!mine) return;
  status('Saving...');
  inFlight.saving = true;
  const res = await (mine.isNew
    ? call<{ file: string; version: string }>('POST', 'entry', { collection: mine.form.name, slug: slugOf(mine), data: mine.data, body: mine.body })
    : call<{ version: string; file?: string }>('PUT', 'entry', { file: mine.file, version: mine.version, data: mine.data, body: mine.body })
  ).finally(() => setTimeout(() => (inFlight.saving = false), 300));
  if (!res.ok) return refused(mine, res);
  showRefusal(mine.saveAlert, null);
  showProblems(mine.formEl, mine.problems, null);
  mine.base = { data: copy(mine.data), body: mine.body };
  mine.uploads = [];
  mine.stale = false;
  if (mine.isNew) {
    const made = res.value.file!;
    status(`Created ${made}.`);
    await hooks.reloadSite();
    return hooks.go(`#${encodeURIComponent(made)}`);
  }
  mine.version = res.value.version;
  status(`Saved ${mine.file}.`);
  void hooks.reloadSite();
}

/** The open entry's file and the disk's, compared; the author's edits stay until they choose. */
export function showConflict(mine: OpenEntry, disk: EditorDoc): void {
  mine.stale = true;
  document.querySelector('.ed-conflict')?.remove();
  const view = conflictView(mine, disk, (r) => {
    view.remove();
    mine.data = r.data;
    mine.body = r.body;
    mine.version = disk.version;
    mine.base = { data: copy(disk.data as Record<string, unknown>), body: disk.body };
    mine.stale = false;
    showRefusal(mine.saveAlert, null);
    mine.redraw();
    if (r.save) void save();
    else status(`Took the version on disk of ${mine.file}.`);
  });
  showRefusal(mine.saveAlert, { code: 'EditorEntryChanged', title: 'Not saved', message: `${mine.file} changed on disk since you opened it (someone else, or another program, saved it).`, hint: 'Your edits are still in the form: compare the two versions below and choose what to keep.' });
  // Above the form and the page, across both.
  (mine.formEl.closest('.ed-work') ?? mine.formEl).before(view);
  view.focus();
  status('Not saved.');
}

/** The open entry changed on disk while it has no edits: said, with a way to show the new version (a save is refused meanwhile). */
export function tellChanged(mine: OpenEntry, disk: EditorDoc): void {
  mine.stale = true;
  const reload = h('button', { type: 'button' }, 'Show the version on disk');
  reload.addEventListener('click', () => {
    Object.assign(mine, { data: disk.data, body: disk.body, version: disk.version, base: { data: copy(disk.data as Record<string, unknown>), body: disk.body }, stale: false });
    mine.redraw();
    status(`The form shows ${mine.file} as it is on disk.`);
  });
  showRefusal(mine.saveAlert, { code: 'EditorEntryChanged', title: 'Changed on disk', message: `${mine.file} changed on disk since you opened it.`, hint: 'Show the version on disk before you edit it; a save of the form as it is would be compared with it first.' }, ' ', reload);
}

export async function upload(file: File, alt: string, where: HTMLElement): Promise<string | null> {
  const mine = state.open;
  if (!mine) return null;
  if (!alt.trim()) {
    where.textContent = 'Write the image\'s alt text first: what it shows, for those who cannot see it.';
    return null;
  }
  const res = await call<{ src: string; file: string }>('POST', 'image', file, { entry: mine.file, name: file.name, alt });
  where.textContent = res.ok ? `Uploaded ${res.value.src}.` : `${res.error.message} ${res.error.hint}`;
  if (!res.ok) return null;
  mine.uploads.push(res.value.file);
  return res.value.src;
}

/** Edits dropped: the images uploaded for them go again (the server keeps any an entry shows). */
export async function discardUploads(open: OpenEntry | null): Promise<void> {
  for (const file of open?.uploads ?? []) await call('DELETE', 'media', undefined, { file });
}

export async function remove(): Promise<void> {
  const mine = state.open;
  if (!mine || mine.isNew || !confirm(`Delete ${mine.file}? Its images go too, unless another entry shows them.`)) return;
  const res = await call<{ removed: string[] }>('DELETE', 'entry', undefined, { file: mine.file, version: mine.version ?? '' });
  if (!res.ok) return void (res.status === 409 && res.json.disk ? showConflict(mine, res.json.disk as EditorDoc) : showRefusal(mine.saveAlert, res.error));
  mine.base = { data: copy(mine.data), body: mine.body };
  status(`Deleted ${mine.file}${res.value.removed.length ? ` and ${res.value.removed.join(', ')}` : ''}.`);
  await hooks.reloadSite();
  hooks.go('');
}

export { isDirty };
