/**
 * The form of an entry's fields (formFields.ts): each control labelled by its field's name, its value
 * kept in `data` as the author types. Long texts are text areas; arrays add and remove items; objects
 * are fieldsets; maps are key and value pairs (mapField.ts); an image field uploads its file beside the
 * entry or takes one of the site's images (imageField.ts). A translation shows the original's value
 * beside each field, and its text controls carry the locale's language and direction.
 */
import { h, idOf } from './dom.ts';
import { described, errorSlot, inLanguage, labelOf, originalValue, type Field, type FormHooks } from './fieldParts.ts';
import { imageField } from './imageField.ts';
import { mapField } from './mapField.ts';
import { getAt, setAt, type Path } from './values.ts';

export type { Field, FormHooks } from './fieldParts.ts';

/** A text this long, or of several lines, is edited in a text area whatever its field says. */
const LONG_VALUE = 80;

function textControl(f: Field, id: string, value: unknown, set: (v: unknown) => void, hooks: FormHooks): HTMLElement {
  const empty = (s: string) => (s === '' && !f.required ? undefined : s);
  const long = f.kind === 'longtext' || (f.kind === 'text' && typeof value === 'string' && (value.length > LONG_VALUE || value.includes('\n')));
  if (long) {
    const t = h('textarea', { id, rows: String(Math.min(12, Math.max(3, Math.ceil(String(value ?? '').length / 70) + 1))) });
    t.value = typeof value === 'string' ? value : '';
    t.addEventListener('input', () => set(empty(t.value)));
    return inLanguage(t, hooks.language);
  }
  const type = f.kind === 'number' ? 'number' : f.kind === 'date' && f.dateFormat !== 'datetime' ? 'date' : 'text';
  const i = h('input', { id, type, ...(f.kind === 'number' ? { step: 'any' } : {}) });
  i.value = value === undefined || value === null ? '' : String(value);
  i.addEventListener('input', () => set(f.kind === 'number' ? (i.value === '' ? undefined : Number(i.value)) : empty(i.value)));
  return f.kind === 'text' ? inLanguage(i, hooks.language) : i;
}

function input(f: Field, path: Path, hooks: FormHooks): HTMLElement {
  const id = idOf(path);
  const value = getAt(hooks.data, path);
  const set = (v: unknown) => {
    setAt(hooks.data, path, v);
    hooks.changed();
  };
  let control: HTMLElement;
  if (f.kind === 'enum') {
    const s = h('select', { id }, h('option', { value: '' }, f.required ? 'Choose...' : '(none)'));
    const options = [...(f.options ?? [])];
    if (value !== undefined && value !== '' && !options.includes(value as string)) options.push(value as string);
    for (const o of options) s.append(h('option', { value: String(o), selected: String(o) === String(value) }, String(o)));
    s.addEventListener('change', () => set(s.value === '' ? (f.required ? '' : undefined) : (options.find((o) => String(o) === s.value) ?? s.value)));
    control = s;
  } else if (f.kind === 'boolean') {
    const c = h('input', { id, type: 'checkbox', checked: value === true });
    c.addEventListener('change', () => set(c.checked ? true : f.required ? false : undefined));
    control = c;
  } else control = textControl(f, id, value, set, hooks);
  if (f.required) control.setAttribute('aria-required', 'true');
  const hint = f.hint ? h('p', { id: `${id}-hint`, class: 'ed-hint' }, f.hint) : null;
  return h('div', { class: `ed-field ed-${f.kind}` }, h('label', { for: id }, labelOf(f, path)), hint, described(control, id, f.hint), errorSlot(id), originalValue(path, hooks));
}

function arrayField(f: Field, path: Path, hooks: FormHooks): HTMLElement {
  const box = h('fieldset', { class: 'ed-array', id: idOf(path) });
  const draw = () => {
    const items = getAt(hooks.data, path);
    const list = Array.isArray(items) ? items : [];
    box.replaceChildren(h('legend', {}, labelOf(f, path)), errorSlot(idOf(path)));
    list.forEach((_, i) => {
      const remove = h('button', { type: 'button', class: 'ed-remove' }, `Remove ${f.label ?? f.name} ${i + 1}`);
      remove.addEventListener('click', () => {
        list.splice(i, 1);
        if (list.length === 0 && !f.required) setAt(hooks.data, path, undefined);
        hooks.changed();
        draw();
      });
      box.append(h('div', { class: 'ed-item' }, fieldControl({ ...(f.of ?? { kind: 'text' }), name: f.name, label: f.of?.label || f.label }, [...path, i], hooks), remove));
    });
    const add = h('button', { type: 'button', class: 'ed-add' }, `Add ${f.label ?? f.name}`);
    add.addEventListener('click', () => {
      const kind = f.of?.kind;
      setAt(hooks.data, [...path, list.length], kind === 'object' || kind === 'map' ? {} : kind === 'array' ? [] : kind === 'boolean' ? false : kind === 'number' ? 0 : '');
      hooks.changed();
      draw();
      (box.querySelector('.ed-item:last-of-type input, .ed-item:last-of-type select, .ed-item:last-of-type textarea') as HTMLElement | null)?.focus();
    });
    box.append(add, originalValue(path, hooks) ?? '');
  };
  draw();
  return box;
}

export function fieldControl(f: Field, path: Path, hooks: FormHooks): HTMLElement {
  if (f.kind === 'array') return arrayField(f, path, hooks);
  if (f.kind === 'map') return mapField(f, path, hooks, fieldControl);
  if (f.kind === 'image') return imageField(f, path, hooks);
  if (f.kind === 'object')
    return h('fieldset', { class: 'ed-object', id: idOf(path) }, h('legend', {}, labelOf(f, path)), errorSlot(idOf(path)), ...(f.fields ?? []).map((c) => fieldControl(c, [...path, c.name], hooks)));
  if (f.kind === 'unsupported')
    return h('div', { class: 'ed-field' }, h('p', {}, `${f.label || f.name || 'This entry'}: edited in the file only (this form cannot edit its kind).`));
  return input(f, path, hooks);
}
