/**
 * The form of an entry's fields (formFields.ts): each control labelled by its field's name, its value
 * kept in `data` as the author types. Arrays add and remove items; objects are fieldsets; an image field
 * uploads its file beside the entry, with its alt text required.
 */
import { h, idOf } from './dom.ts';
import { getAt, setAt, type Path } from './values.ts';

/** What the form reads of a FormField. */
export interface Field {
  name: string;
  kind: string;
  label?: string;
  required?: boolean;
  options?: readonly (string | number)[];
  of?: Field;
  fields?: readonly Field[];
  hint?: string;
  dateFormat?: string;
}

export interface FormHooks {
  data: Record<string, unknown>;
  /** Called after every change of a value. */
  changed(): void;
  /** Uploads an image for the entry; resolves to its `./images/<name>`, or null (refused: the message is shown). */
  upload(file: File, alt: string, status: HTMLElement): Promise<string | null>;
}

/** The field's label, and its key when the label does not say it ("Read time (readTime)"): the file's own name for it. */
const named = (f: Field) => {
  const label = f.label || f.name;
  return f.name && label.toLowerCase() !== f.name.toLowerCase() ? `${label} (${f.name})` : label;
};
const labelOf = (f: Field, path: Path) => (typeof path[path.length - 1] === 'number' ? `${named(f)} ${Number(path[path.length - 1]) + 1}` : named(f));

/** The error slot beside a control (filled by showErrors). */
const errorSlot = (id: string) => h('p', { id: `${id}-error`, class: 'ed-error', hidden: true });

function described(el: HTMLElement, id: string, hint?: string): HTMLElement {
  el.setAttribute('aria-describedby', [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' '));
  return el;
}

function input(f: Field, path: Path, hooks: FormHooks): HTMLElement {
  const id = idOf(path);
  const value = getAt(hooks.data, path);
  const set = (v: unknown) => {
    setAt(hooks.data, path, v);
    hooks.changed();
  };
  const empty = (s: string) => (s === '' && !f.required ? undefined : s);
  let control: HTMLElement;
  if (f.kind === 'longtext') {
    const t = h('textarea', { id, rows: '4' });
    t.value = typeof value === 'string' ? value : '';
    t.addEventListener('input', () => set(empty(t.value)));
    control = t;
  } else if (f.kind === 'enum') {
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
  } else {
    const type = f.kind === 'number' ? 'number' : f.kind === 'date' && f.dateFormat !== 'datetime' ? 'date' : 'text';
    const i = h('input', { id, type, ...(f.kind === 'number' ? { step: 'any' } : {}) });
    i.value = value === undefined || value === null ? '' : String(value);
    i.addEventListener('input', () => set(f.kind === 'number' ? (i.value === '' ? undefined : Number(i.value)) : empty(i.value)));
    control = i;
  }
  if (f.required) control.setAttribute('aria-required', 'true');
  const hint = f.hint ? h('p', { id: `${id}-hint`, class: 'ed-hint' }, f.hint) : null;
  return h('div', { class: `ed-field ed-${f.kind}` }, h('label', { for: id }, labelOf(f, path)), hint, described(control, id, f.hint), errorSlot(id));
}

function imageField(f: Field, path: Path, hooks: FormHooks): HTMLElement {
  const id = idOf(path);
  const current = h('input', { id, type: 'text' });
  current.value = String(getAt(hooks.data, path) ?? '');
  current.addEventListener('input', () => {
    setAt(hooks.data, path, current.value === '' && !f.required ? undefined : current.value);
    hooks.changed();
  });
  const file = h('input', { id: `${id}-file`, type: 'file', accept: 'image/*' });
  const alt = h('input', { id: `${id}-alt`, type: 'text' });
  const status = h('p', { class: 'ed-hint', role: 'status' });
  const button = h('button', { type: 'button' }, `Upload ${f.label ?? f.name}`);
  button.addEventListener('click', async () => {
    const chosen = file.files?.[0];
    if (!chosen) return void (status.textContent = 'Choose an image file first.');
    const src = await hooks.upload(chosen, alt.value, status);
    if (!src) return;
    current.value = src;
    setAt(hooks.data, path, src);
    hooks.changed();
  });
  return h(
    'fieldset',
    { class: 'ed-image' },
    h('legend', {}, labelOf(f, path)),
    h('div', { class: 'ed-field' }, h('label', { for: id }, named(f)), described(current, id, undefined), errorSlot(id)),
    h('div', { class: 'ed-field' }, h('label', { for: `${id}-file` }, `${named(f)} file`), file),
    h('div', { class: 'ed-field' }, h('label', { for: `${id}-alt` }, `${named(f)} alt text`), alt),
    button,
    status,
  );
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
      setAt(hooks.data, [...path, list.length], kind === 'object' ? {} : kind === 'array' ? [] : kind === 'boolean' ? false : kind === 'number' ? 0 : '');
      hooks.changed();
      draw();
      (box.querySelector('.ed-item:last-of-type input, .ed-item:last-of-type select, .ed-item:last-of-type textarea') as HTMLElement | null)?.focus();
    });
    box.append(add);
  };
  draw();
  return box;
}

export function fieldControl(f: Field, path: Path, hooks: FormHooks): HTMLElement {
  if (f.kind === 'array') return arrayField(f, path, hooks);
  if (f.kind === 'image') return imageField(f, path, hooks);
  if (f.kind === 'object')
    return h('fieldset', { class: 'ed-object', id: idOf(path) }, h('legend', {}, labelOf(f, path)), errorSlot(idOf(path)), ...(f.fields ?? []).map((c) => fieldControl(c, [...path, c.name], hooks)));
  if (f.kind === 'unsupported')
    return h('div', { class: 'ed-field' }, h('p', {}, `${f.label ?? f.name}: edited in the file only (this form cannot edit its kind).`));
  return input(f, path, hooks);
}
