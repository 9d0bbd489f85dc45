/**
 * The build's error, shown beside its field (aria-invalid, aria-describedby) and announced in the form's
 * alert; an error of no field of the form (or of the body) is shown in the alert only.
 */
import type { WireError } from '../../dev/workerProtocol.ts';
import { idOf } from './dom.ts';

export function showErrors(form: HTMLElement, alert: HTMLElement, error: WireError | null): void {
  for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
  for (const el of form.querySelectorAll<HTMLElement>('.ed-error')) {
    el.hidden = true;
    el.textContent = '';
  }
  if (!error) {
    alert.hidden = true;
    alert.textContent = '';
    return;
  }
  const text = `${error.message}${error.hint ? ` Hint: ${error.hint}` : ''}`;
  const path = error.field ? error.field.split('.') : [];
  // The deepest control of the form the field's path reaches.
  for (let n = path.length; n > 0; n--) {
    const id = idOf(path.slice(0, n));
    const slot = form.querySelector<HTMLElement>(`#${id}-error`);
    if (!slot) continue;
    slot.textContent = text;
    slot.hidden = false;
    form.querySelector(`#${id}`)?.setAttribute('aria-invalid', 'true');
    break;
  }
  alert.hidden = false;
  alert.textContent = error.field ? `Not saved: field "${error.field}": ${text}` : `Not saved: ${text}`;
}
