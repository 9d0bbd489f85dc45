/**
 * An entry's earlier versions, from git: each commit that changed its file (newest first), what
 * changed since that version, and a restore that puts its fields and body into the form (saved like
 * any edit, so the file changes only where they differ).
 */
import { call } from './api.ts';
import { diffView, type DiffItem } from './diffView.ts';
import { h } from './dom.ts';
import { status, type OpenEntry } from './state.ts';

type Version = { commit: string; author: string; date: string; subject: string };

const when = (iso: string) => iso.replace('T', ' ').slice(0, 16);

export function historyPanel(open: OpenEntry): HTMLElement {
  const list = h('div', { class: 'ed-history-list' });
  const shown = h('div', { class: 'ed-history-version' });
  const box = h('details', { class: 'ed-history' }, h('summary', {}, 'History'), list, shown);
  let loaded = false;
  const pick = async (v: Version) => {
    const res = await call<{ data: Record<string, unknown>; body: string | null; diff: DiffItem[] }>('GET', 'version', undefined, { file: open.file, commit: v.commit });
    if (!res.ok) return void shown.replaceChildren(h('p', {}, res.error.message));
    const restore = h('button', { type: 'button' }, 'Restore this version');
    restore.addEventListener('click', () => {
      open.data = res.value.data;
      if (open.body !== null) open.body = res.value.body ?? '';
      open.redraw();
      status(`Restored the version of ${when(v.date)} into the form: save to keep it.`);
    });
    shown.replaceChildren(
      h('h3', {}, `${v.subject} (${when(v.date)})`),
      h('p', { class: 'ed-hint' }, 'What changed in the file since this version:'),
      diffView(res.value.diff, `Changes since ${v.subject}`),
      restore,
    );
  };
  box.addEventListener('toggle', async () => {
    if (!box.open || loaded) return;
    loaded = true;
    const res = await call<{ repository: boolean; error?: { message: string; hint: string }; versions: Version[] }>('GET', 'history', undefined, { file: open.file });
    if (!res.ok) return void list.replaceChildren(h('p', {}, res.error.message));
    if (!res.value.repository) return void list.replaceChildren(h('p', {}, `${res.value.error?.message ?? ''} ${res.value.error?.hint ?? ''}`));
    if (res.value.versions.length === 0) return void list.replaceChildren(h('p', {}, 'No earlier version: this file was never published.'));
    const ul = h('ul', {});
    for (const v of res.value.versions) {
      const b = h('button', { type: 'button', class: 'ed-linkish' }, `${when(v.date)}: ${v.subject}`);
      b.addEventListener('click', () => void pick(v));
      ul.append(h('li', {}, b, h('span', { class: 'ed-hint' }, ` by ${v.author}`)));
    }
    list.replaceChildren(ul);
  });
  return box;
}
