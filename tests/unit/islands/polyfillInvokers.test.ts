// @vitest-environment happy-dom
/**
 * generator/islands/polyfillInvokers.ts: <button commandfor command> opens and
 * closes dialogs where the browser lacks invoker commands (happy-dom lacks
 * them, like the older browsers the fallback is for).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { polyfillInvokers } from '../../../generator/islands/polyfillInvokers.ts';

let dialog: HTMLDialogElement;
const click = (id: string) => document.getElementById(id)!.click();

beforeAll(() => {
  expect('commandForElement' in HTMLButtonElement.prototype).toBe(false);
  polyfillInvokers();
});
beforeEach(() => {
  document.body.innerHTML = `
    <button id="open" type="button" commandfor="contact-dialog" command="show-modal"><span id="inner">Contact</span></button>
    <dialog id="contact-dialog">
      <button id="close" type="button" commandfor="contact-dialog" command="close">×</button>
      <button id="request-close" type="button" commandfor="contact-dialog" command="request-close">Cancel</button>
    </dialog>
    <div id="not-a-dialog"></div>
    <button id="wrong-target" type="button" commandfor="not-a-dialog" command="show-modal">x</button>
    <button id="missing-target" type="button" commandfor="nope" command="show-modal">x</button>`;
  dialog = document.querySelector('dialog')!;
});

describe('polyfillInvokers', () => {
  it('show-modal opens the dialog, also from a click on a child of the button', () => {
    click('inner');
    expect(dialog.open).toBe(true);
  });

  it.each(['close', 'request-close'])('%s closes it', (id) => {
    click('open');
    click(id);
    expect(dialog.open).toBe(false);
  });

  it('ignores targets that are not dialogs, or missing', () => {
    expect(() => click('wrong-target')).not.toThrow();
    expect(() => click('missing-target')).not.toThrow();
    expect(dialog.open).toBe(false);
  });
});
