// @vitest-environment happy-dom
/**
 * widgets/islands/ContactForm.tsx, hydrated from its server HTML as in
 * production. The site is "built" without a backend (__SITE_BACKEND__ =
 * null), so getSupabase() rejects with BackendMissingError and every send
 * takes the spec's failure path. Successful sends are covered end to end.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  (globalThis as { __SITE_BACKEND__?: unknown }).__SITE_BACKEND__ = null;
});

import mount, { ContactForm, sendContact } from '../../../../../widgets/islands/ContactForm.tsx';
import { backendSettings } from '../../../../../widgets/lib/supabase.ts';
import { contactCopy, fill, flush, hydrateIsland, resetPage, submit, toasts, valuesOf } from '../helpers/react.tsx';

const FIELDS = ['name', 'email', 'company', 'message'];
let island: HTMLElement;
let form: HTMLFormElement;
let dialog: HTMLDialogElement;
const field = (name: string) => form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
const errorTexts = () => [...form.querySelectorAll('.field-error')].map((e) => e.textContent);
const button = () => form.querySelector<HTMLButtonElement>('button[type="submit"]')!;

beforeEach(async () => {
  resetPage();
  island = await hydrateIsland('ContactForm', ContactForm, mount, { copy: contactCopy }, (el) => {
    dialog = document.createElement('dialog');
    dialog.id = 'contact-dialog';
    dialog.setAttribute('open', '');
    dialog.append(el);
    return dialog;
  });
  form = island.querySelector('form')!;
});

describe('ContactForm markup', () => {
  it('is built without a backend in these tests', () => {
    expect(backendSettings).toBeNull();
  });

  it('hydrates the server HTML with the four fields and their limits', () => {
    expect(form.noValidate).toBe(true);
    expect(field('name').tagName).toBe('INPUT');
    expect(field('name').maxLength).toBe(100);
    expect(field('name').required).toBe(true);
    expect((field('email') as HTMLInputElement).type).toBe('email');
    expect(field('email').maxLength).toBe(255);
    expect(field('email').required).toBe(true);
    expect(field('company').maxLength).toBe(200);
    expect(field('company').required).toBe(false);
    expect(field('message').tagName).toBe('TEXTAREA');
    // happy-dom's HTMLTextAreaElement.rows returns a string; the attribute is what ships.
    expect(field('message').getAttribute('rows')).toBe('4');
    expect(field('message').maxLength).toBe(2000);
    expect(field('message').required).toBe(true);
    expect(form.querySelector('label[for="contact-name"]')?.textContent).toBe('Name');
    expect(button().textContent).toBe('Send Message');
    expect(errorTexts()).toEqual([]);
  });
});

describe('ContactForm with invalid input', () => {
  it('shows each field message, keeps the typed values and focuses the first bad field', async () => {
    const typed = { name: '   ', email: 'not-an-email', company: 'x'.repeat(201), message: '' };
    fill(form, typed);
    await submit(form);
    expect(errorTexts()).toEqual([
      'Name is required',
      'Invalid email address',
      'Company name must be less than 200 characters',
      'Message is required',
    ]);
    expect(valuesOf(form, FIELDS)).toEqual(typed);
    expect(document.activeElement).toBe(field('name'));
    expect(toasts()).toEqual([]);
  });

  it('wires each message to its field for screen readers', async () => {
    fill(form, { name: 'Ann', email: 'ann@example.com', message: 'x'.repeat(2001) });
    await submit(form);
    expect(errorTexts()).toEqual(['Message must be less than 2000 characters']);
    const message = field('message');
    expect(message.getAttribute('aria-invalid')).toBe('true');
    expect(message.getAttribute('aria-describedby')).toBe('contact-message-error');
    expect(document.getElementById('contact-message-error')?.textContent).toBe('Message must be less than 2000 characters');
    expect(field('name').hasAttribute('aria-invalid')).toBe(false);
    expect(document.activeElement).toBe(message);
  });

  it('checks the limits at the edge: 100 / 101 characters of name', async () => {
    fill(form, { name: 'n'.repeat(101), email: 'ann@example.com', message: 'Hi' });
    await submit(form);
    expect(errorTexts()).toEqual(['Name must be less than 100 characters']);
    expect(field('name').value).toHaveLength(101);
  });

  it('clears the messages once the input is fixed', async () => {
    await submit(form);
    expect(errorTexts()).toHaveLength(3);
    fill(form, { name: 'Ann', email: 'ann@example.com', message: 'Hello' });
    await submit(form);
    expect(errorTexts()).toEqual([]);
    expect(field('name').hasAttribute('aria-invalid')).toBe(false);
  });
});

describe('ContactForm with valid input and no backend', () => {
  const typed = { name: '  Ann  ', email: 'ann@example.com', company: '', message: 'Please call me.' };

  it('toasts the destructive send failure and keeps the form as typed, dialog open', async () => {
    fill(form, typed);
    await submit(form);
    expect(toasts()).toEqual([{ role: 'alert', title: 'Error', description: 'Failed to send message. Please try again.' }]);
    expect(valuesOf(form, FIELDS)).toEqual(typed);
    expect(errorTexts()).toEqual([]);
    expect(dialog.open).toBe(true);
    expect(button().disabled).toBe(false);
    expect(button().textContent).toBe('Send Message');
    expect(form.hasAttribute('aria-busy')).toBe(false);
  });

  it('shows the sending state while the send is pending', async () => {
    fill(form, typed);
    // A synchronous act renders setSending(true) before the rejected
    // getSupabase() promise can settle.
    act(() => {
      form.requestSubmit();
    });
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe('Sending...');
    expect(form.getAttribute('aria-busy')).toBe('true');
    await flush();
    expect(button().disabled).toBe(false);
    expect(toasts()).toHaveLength(1);
  });

  it('sendContact resolves false instead of throwing', async () => {
    await expect(sendContact({ name: 'Ann', email: 'a@b.co', company: '', message: 'Hi' })).resolves.toBe(false);
  });
});
