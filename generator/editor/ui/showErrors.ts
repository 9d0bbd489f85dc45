/**
 * Errors where an author sees them: every invalid field at once, each message beside its field
 * (aria-invalid, aria-describedby) and listed above the form with a link to the field; a mistake in the
 * body beside the body, by its line. The build's own message (file, line, hint: what the terminal
 * says) is kept under "Details". A save's refusal has its own alert, which the live check never hides.
 */
import type { WireError } from '../../dev/workerProtocol.ts';
import type { EditorCheck } from '../editorTypes.ts';
import { h, idOf } from './dom.ts';

/** The build's message in an author's words: "Line 8: the component Tally, ..." instead of "posts/x.md:8: ...". */
export function authorLine(error: WireError, _body?: string): string {
  const prefix = error.file ? new RegExp(`^${error.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(:\\d+)?: `) : null;
  const message = prefix && prefix.test(error.message) ? error.message.replace(prefix, '') : null;
  const where = message !== null && error.line && error.field === undefined ? `Line ${error.line}: ` : '';
  const text = message === null ? error.message : `${message.charAt(0).toUpperCase()}${message.slice(1)}`;
  return `${where}${text}${error.hint ? ` ${error.hint}` : ''}`;
}

/** The deepest control of the form a field's path reaches, and its error slot. */
function slotOf(form: HTMLElement, path: readonly (string | number)[]): { slot: HTMLElement; id: string } | null {
  for (let n = path.length; n > 0; n--) {
    const id = idOf(path.slice(0, n));
    const slot = form.querySelector<HTMLElement>(`#${CSS.escape(id)}-error`);
    if (slot) return { slot, id };
  }
  const root = form.querySelector<HTMLElement>('#f-map-error');
  return root ? { slot: root, id: 'f-map' } : null;
}

function mark(form: HTMLElement, at: { slot: HTMLElement; id: string }, text: string): void {
  at.slot.textContent = at.slot.hidden ? text : `${at.slot.textContent} ${text}`;
  at.slot.hidden = false;
  form.querySelector(`#${CSS.escape(at.id)}`)?.setAttribute('aria-invalid', 'true');
}

/** The live check's marks gone (a refused file name stays marked until it is changed). */
function clear(form: HTMLElement): void {
  for (const el of form.querySelectorAll('[aria-invalid]:not(#f-slug)')) el.removeAttribute('aria-invalid');
  for (const el of form.querySelectorAll<HTMLElement>('.ed-error:not(#f-slug-error)')) {
    el.hidden = true;
    el.textContent = '';
  }
}

/** The live check's findings: each beside its field, and the list of them above the form. */
export function showProblems(form: HTMLElement, box: HTMLElement, result: EditorCheck | null): void {
  clear(form);
  box.replaceChildren();
  box.hidden = true;
  if (!result || (!result.error && result.problems.length === 0)) return;
  const items: HTMLElement[] = [];
  for (const p of result.problems) {
    const at = slotOf(form, p.path);
    const text = `${p.message} Hint: ${p.hint}`;
    if (at) mark(form, at, text);
    items.push(h('li', {}, at ? h('a', { href: `#${at.id}`, 'data-field': at.id }, text) : text));
  }
  const error = result.error;
  // The build's error is told beside its field or the body when no field problem says it already.
  if (error && result.problems.length === 0) {
    const at = error.field ? slotOf(form, error.field.split('.')) : form.querySelector('#f-body-error') ? { slot: form.querySelector<HTMLElement>('#f-body-error')!, id: 'f-body' } : null;
    const line = authorLine(error);
    if (at) mark(form, at, line);
    items.push(h('li', {}, at ? h('a', { href: `#${at.id}`, 'data-field': at.id }, line) : line));
  }
  const count = items.length;
  box.append(h('p', { class: 'ed-problems-title' }, count === 1 ? 'One thing to fix before saving:' : `${count} things to fix before saving:`), h('ul', {}, ...items));
  box.hidden = false;
  // The links lead to the field's control (the page's #hash names entries, not controls).
  box.onclick = (e) => {
    const a = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-field]');
    if (!a) return;
    e.preventDefault();
    (document.getElementById(a.dataset.field!) as HTMLElement | null)?.focus();
  };
}

/** The build's own words (file, line, field, hint: what the terminal says), folded away. */
export const details = (error: WireError): HTMLElement =>
  h('details', { class: 'ed-details' }, h('summary', {}, 'Details'), h('p', {}, `${error.title} [${error.code}]: ${error.message}`), error.hint ? h('p', {}, `Hint: ${error.hint}`) : '');

/** A save's refusal, in the alert that stays until the next save. */
export function showRefusal(alert: HTMLElement, error: WireError | null, ...more: (Node | string)[]): void {
  alert.replaceChildren();
  alert.hidden = !error;
  if (error) alert.append(h('strong', {}, `${error.title}. `), `${authorLine(error)}`, ...more);
}

/** A save refused for invalid fields: how many, which, and the build's own message under Details. */
export function showInvalid(alert: HTMLElement, result: EditorCheck): void {
  const n = result.problems.length;
  alert.replaceChildren(
    h('strong', {}, 'Not saved. '),
    n ? `${n === 1 ? 'One field needs' : `${n} fields need`} attention: ${result.problems.map((p) => p.label).join(', ')}. See the message beside ${n === 1 ? 'it' : 'each'}.` : authorLine(result.error!),
    result.error ? details(result.error) : '',
  );
  alert.hidden = false;
}
