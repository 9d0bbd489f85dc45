/**
 * Publish: the content files saved since the last publish (git), each with what changed in it; the
 * author ticks the ones to publish and writes a message, and they become one commit holding exactly
 * those files. A folder outside any repository is said to be so.
 */
import type { WireError } from '../../dev/workerProtocol.ts';
import { call } from './api.ts';
import { diffView, type DiffItem } from './diffView.ts';
import { h } from './dom.ts';
import { status } from './state.ts';

type Change = { file: string; status: 'added' | 'modified' | 'deleted'; diff?: DiffItem[] };
type Changes = { repository: false; error: WireError } | { repository: true; changes: Change[]; last: { commit: string; date: string; subject: string } | null };

const WORDS = { added: 'new', modified: 'changed', deleted: 'deleted' };

export async function showPublish(main: HTMLElement, done?: string): Promise<void> {
  const title = h('h2', { id: 'ed-title', tabindex: '-1' }, 'Publish');
  const res = await call<Changes>('GET', 'changes');
  if (!res.ok) return void main.replaceChildren(title, h('p', { role: 'alert', class: 'ed-alert' }, res.error.message));
  const info = res.value;
  if (!info.repository) return void main.replaceChildren(title, h('div', { class: 'ed-note', role: 'status' }, h('p', {}, info.error.message), h('p', {}, info.error.hint)));
  const last = info.last ? h('p', {}, `Last published: "${info.last.subject}" on ${info.last.date.slice(0, 10)}.`) : h('p', {}, 'Nothing is published yet.');
  const result = h('p', { role: 'status', class: 'ed-done' }, done ?? '');
  if (info.changes.length === 0) return void main.replaceChildren(title, result, last, h('p', {}, 'Every saved change is published.'));
  const form = h('form', { class: 'ed-form ed-publish', 'aria-labelledby': 'ed-title', novalidate: true });
  const alert = h('div', { role: 'alert', class: 'ed-alert', hidden: true });
  const list = h('fieldset', {}, h('legend', {}, 'Saved changes since the last publish'));
  info.changes.forEach((c, i) => {
    const id = `ed-pub-${i}`;
    list.append(
      h('div', { class: 'ed-change' },
        h('div', { class: 'ed-choice' }, h('input', { type: 'checkbox', id, value: c.file, checked: true }), h('label', { for: id }, `${c.file} (${WORDS[c.status]})`)),
        c.diff ? h('details', {}, h('summary', {}, `What changed in ${c.file}`), diffView(c.diff, `Changes in ${c.file}`)) : h('p', { class: 'ed-hint' }, 'An image.')),
    );
  });
  const message = h('textarea', { id: 'ed-pub-message', rows: '3', required: true, 'aria-required': 'true' });
  form.append(list, h('div', { class: 'ed-field' }, h('label', { for: 'ed-pub-message' }, 'Message: what changed, in a sentence'), message), h('div', { class: 'ed-actions' }, h('button', { type: 'submit', class: 'ed-save' }, 'Publish')));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const files = [...list.querySelectorAll<HTMLInputElement>('input[type=checkbox]:checked')].map((c) => c.value);
    const sent = await call<{ commit: string; files: string[] }>('POST', 'publish', { files, message: message.value });
    if (!sent.ok) {
      alert.hidden = false;
      alert.textContent = `${sent.error.message} ${sent.error.hint}`;
      return status('Not published.');
    }
    const text = `Published ${sent.value.files.length === 1 ? sent.value.files[0] : `${sent.value.files.length} files`} as ${sent.value.commit.slice(0, 7)}.`;
    status(text);
    await showPublish(main, text);
  });
  main.replaceChildren(title, result, last, alert, form);
}
