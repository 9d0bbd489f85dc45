/**
 * A map's form (a record of text keys: a strings file): one control per key, labelled by the key, in
 * the file's order; a key removed or added by name. At the root of an entry (`path` []), the keys are
 * the entry's own.
 */
import { h, idOf } from './dom.ts';
import { errorSlot, labelOf, type Field, type FormHooks } from './fieldParts.ts';
import { getAt, setAt, type Path } from './values.ts';

type Control = (f: Field, path: Path, hooks: FormHooks) => HTMLElement;

const mapAt = (hooks: FormHooks, path: Path): Record<string, unknown> => {
  const v = path.length === 0 ? hooks.data : getAt(hooks.data, path);
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
};

export function mapField(f: Field, path: Path, hooks: FormHooks, control: Control): HTMLElement {
  const id = path.length ? idOf(path) : 'f-map';
  const box = h('fieldset', { class: 'ed-map', id });
  const title = path.length ? labelOf(f, path) : f.label || 'Keys and values';
  const draw = () => {
    const map = mapAt(hooks, path);
    box.replaceChildren(h('legend', {}, title), errorSlot(id));
    for (const key of Object.keys(map)) {
      const remove = h('button', { type: 'button', class: 'ed-remove', 'aria-label': `Remove the key ${key}` }, 'Remove');
      remove.addEventListener('click', () => {
        delete mapAt(hooks, path)[key];
        hooks.changed();
        draw();
      });
      box.append(h('div', { class: 'ed-item ed-map-item' }, control({ ...(f.of ?? { kind: 'text' }), name: key, label: key }, [...path, key], hooks), remove));
    }
    const keyId = `${id}-new-key`;
    const name = h('input', { id: keyId, type: 'text', autocomplete: 'off' });
    const add = h('button', { type: 'button', class: 'ed-add' }, 'Add key');
    add.addEventListener('click', () => {
      const key = name.value.trim();
      if (!key || key in mapAt(hooks, path)) return name.focus();
      const kind = f.of?.kind;
      if (path.length === 0) hooks.data[key] = kind === 'number' ? 0 : kind === 'boolean' ? false : '';
      else setAt(hooks.data, [...path, key], kind === 'number' ? 0 : kind === 'boolean' ? false : '');
      hooks.changed();
      draw();
      (document.getElementById(idOf([...path, key])) as HTMLElement | null)?.focus();
    });
    box.append(h('div', { class: 'ed-field ed-map-add' }, h('label', { for: keyId }, 'New key'), name, add));
  };
  draw();
  return box;
}
