/**
 * An image field: the path the entry names (`./images/cover.png`), a new image uploaded beside the
 * entry with its alt text, or one of the site's images taken from the media library.
 */
import { h, idOf } from './dom.ts';
import { described, errorSlot, labelOf, named, type Field, type FormHooks } from './fieldParts.ts';
import { getAt, setAt, type Path } from './values.ts';

/** A select of the site's images, filled when first focused; `chosen` gets the one picked, as the entry names it. */
export function imagePicker(id: string, label: string, hooks: FormHooks, chosen: (src: string) => void): HTMLElement {
  const select = h('select', { id }, h('option', { value: '' }, 'Choose an image...'));
  let filled = false;
  const fill = async () => {
    if (filled) return;
    filled = true;
    for (const image of await hooks.images()) select.append(h('option', { value: image.src }, image.file));
  };
  select.addEventListener('focus', () => void fill());
  select.addEventListener('pointerdown', () => void fill());
  select.addEventListener('change', () => {
    if (select.value) chosen(select.value);
  });
  return h('div', { class: 'ed-field' }, h('label', { for: id }, label), select);
}

export function imageField(f: Field, path: Path, hooks: FormHooks): HTMLElement {
  const id = idOf(path);
  const current = h('input', { id, type: 'text' });
  current.value = String(getAt(hooks.data, path) ?? '');
  const set = (v: string) => {
    current.value = v;
    setAt(hooks.data, path, v === '' && !f.required ? undefined : v);
    hooks.changed();
  };
  current.addEventListener('input', () => set(current.value));
  const file = h('input', { id: `${id}-file`, type: 'file', accept: 'image/png,image/jpeg,image/webp,image/avif,image/gif' });
  const alt = h('input', { id: `${id}-alt`, type: 'text' });
  const status = h('p', { class: 'ed-hint', role: 'status' });
  const button = h('button', { type: 'button' }, `Upload ${f.label ?? f.name}`);
  button.addEventListener('click', async () => {
    const chosen = file.files?.[0];
    if (!chosen) return void (status.textContent = 'Choose an image file first.');
    const src = await hooks.upload(chosen, alt.value, status);
    if (src) set(src);
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
    imagePicker(`${id}-existing`, `Or one of the site's images`, hooks, set),
  );
}
