/** What every form control shares: its label, hint and error slot, and the original's value beside it (a translation). */
import { h, idOf } from './dom.ts';
import { getAt, type Path } from './values.ts';

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

/** The language of the text an author writes in the form (a translation's). */
export interface TextLanguage {
  lang: string;
  dir: 'ltr' | 'rtl';
}

export interface FormHooks {
  data: Record<string, unknown>;
  /** Called after every change of a value. */
  changed(): void;
  /** Uploads an image for the entry; resolves to its `./images/<name>`, or null (refused: the message is shown). */
  upload(file: File, alt: string, status: HTMLElement): Promise<string | null>;
  /** The site's images, each as the entry names it (`./images/x.png`, `../blog/images/y.png`). */
  images(): Promise<{ file: string; src: string }[]>;
  /** The language the values are written in. */
  language?: TextLanguage;
  /** Other versions' values shown beside each field: a translation's original, a strings file's other locales. */
  beside?: ({ data: Record<string, unknown>; label: string } & TextLanguage)[];
}

/** The field's label, and its key when the label does not say it ("Read time (readTime)"): the file's own name for it. */
export const named = (f: Field) => {
  const label = f.label || f.name;
  return f.name && label.toLowerCase() !== f.name.toLowerCase() ? `${label} (${f.name})` : label;
};
export const labelOf = (f: Field, path: Path) => (typeof path[path.length - 1] === 'number' ? `${named(f)} ${Number(path[path.length - 1]) + 1}` : named(f));

/** The error slot beside a control (filled by showErrors). */
export const errorSlot = (id: string) => h('p', { id: `${id}-error`, class: 'ed-error', hidden: true });

export function described(el: HTMLElement, id: string, hint?: string): HTMLElement {
  el.setAttribute('aria-describedby', [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' '));
  return el;
}

/** Marks a text control with the language its value is written in (dir="rtl" for Arabic, Hebrew, ...). */
export function inLanguage<E extends HTMLElement>(el: E, language?: TextLanguage): E {
  if (language) {
    el.setAttribute('lang', language.lang);
    el.setAttribute('dir', language.dir);
  }
  return el;
}

const shown = (v: unknown) => (v === undefined || v === null || v === '' ? '(empty)' : typeof v === 'string' ? v : JSON.stringify(v));

/** The other versions' values of a top-level field, beside its control (a translation's original, the other locales' strings). */
export function originalValue(path: Path, hooks: FormHooks): HTMLElement | null {
  if (!hooks.beside?.length || path.length !== 1) return null;
  return h(
    'div',
    { class: 'ed-original' },
    ...hooks.beside.map((o) => h('p', {}, h('span', { class: 'ed-original-label' }, `${o.label}: `), inLanguage(h('span', { class: 'ed-original-text' }, shown(getAt(o.data, path))), o))),
  );
}
