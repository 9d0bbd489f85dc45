/**
 * When the open entry changed on disk: the author's version beside the disk's, field by field (the
 * fields and the body that differ), each with a choice of which to keep. A field only the author
 * changed keeps theirs, one only the disk changed takes the disk's, one both changed keeps the author's
 * unless they pick the other. Then: keep all of theirs, take all of the disk's, or the merge as chosen.
 */
import { deepEqual } from '../deepEqual.ts';
import type { EditorDoc } from '../editorTypes.ts';
import { h } from './dom.ts';
import { copy, type OpenEntry } from './state.ts';

export type Resolution = { data: Record<string, unknown>; body: string | null; save: boolean };

const text = (v: unknown) => (v === undefined ? '(none)' : typeof v === 'string' ? v : JSON.stringify(v, null, 2));

/** The labels of the form's top-level fields, by key. */
function labels(open: OpenEntry): Map<string, string> {
  const fields = Array.isArray(open.form.fields) ? open.form.fields : Object.values(open.form.fields).flat();
  return new Map(fields.map((f) => [f.name, f.label || f.name]));
}

export function conflictView(open: OpenEntry, disk: EditorDoc, done: (r: Resolution) => void): HTMLElement {
  const mine = { ...open.data, ...(open.body !== null ? { '\u0000body': open.body } : {}) };
  const theirs = { ...(disk.data as Record<string, unknown>), ...(disk.body !== null ? { '\u0000body': disk.body } : {}) };
  const base = { ...open.base.data, ...(open.base.body !== null ? { '\u0000body': open.base.body } : {}) };
  const keys = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])].filter((k) => !deepEqual(mine[k as keyof typeof mine], theirs[k as keyof typeof theirs]));
  const names = labels(open);
  const pick = new Map<string, 'mine' | 'disk'>();
  const rows = keys.map((k, i) => {
    const untouched = deepEqual((mine as Record<string, unknown>)[k], (base as Record<string, unknown>)[k]);
    pick.set(k, untouched ? 'disk' : 'mine');
    const label = k === '\u0000body' ? 'Body' : (names.get(k) ?? k);
    const choice = (value: 'mine' | 'disk', caption: string) => {
      const input = h('input', { type: 'radio', name: `ed-conflict-${i}`, id: `ed-conflict-${i}-${value}`, value, checked: pick.get(k) === value });
      input.addEventListener('change', () => pick.set(k, value));
      return h('div', { class: 'ed-choice' }, input, h('label', { for: `ed-conflict-${i}-${value}` }, caption));
    };
    return h(
      'fieldset',
      { class: 'ed-conflict-field' },
      h('legend', {}, label),
      h('div', { class: 'ed-versions' },
        h('div', {}, choice('mine', 'Keep yours'), h('pre', { class: 'ed-version', tabindex: '0', 'aria-label': `${label}: yours` }, text((mine as Record<string, unknown>)[k]))),
        h('div', {}, choice('disk', 'Take the disk\'s'), h('pre', { class: 'ed-version', tabindex: '0', 'aria-label': `${label}: on disk` }, text((theirs as Record<string, unknown>)[k])))),
    );
  });
  const resolve = (choose: (k: string) => 'mine' | 'disk', save: boolean) => {
    const out: Record<string, unknown> = copy(theirs);
    for (const k of keys) {
      if (choose(k) === 'mine') {
        if (k in mine) out[k] = copy((mine as Record<string, unknown>)[k]);
        else delete out[k];
      }
    }
    const body = (out['\u0000body'] as string | undefined) ?? null;
    delete out['\u0000body'];
    done({ data: out, body: open.body === null ? null : body, save });
  };
  const keepMine = h('button', { type: 'button', class: 'ed-save' }, 'Keep yours and save');
  keepMine.addEventListener('click', () => resolve(() => 'mine', true));
  const takeDisk = h('button', { type: 'button' }, 'Take the disk\'s version');
  takeDisk.addEventListener('click', () => resolve(() => 'disk', false));
  const merge = h('button', { type: 'button' }, 'Merge as chosen and save');
  merge.addEventListener('click', () => resolve((k) => pick.get(k)!, true));
  return h(
    'section',
    { class: 'ed-conflict', 'aria-labelledby': 'ed-conflict-title', tabindex: '-1' },
    h('h3', { id: 'ed-conflict-title' }, `${disk.file} changed on disk`),
    h('p', {}, keys.length ? `Your version and the one on disk differ in ${keys.length === 1 ? 'one field' : `${keys.length} fields`}. Choose which to keep for each, or keep one version whole.` : 'The file on disk now holds exactly your version.'),
    ...rows,
    h('div', { class: 'ed-actions' }, keepMine, takeDisk, merge),
  );
}
