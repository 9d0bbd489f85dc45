// @vitest-environment happy-dom
/**
 * widgets/islands/WaitlistForm.tsx, hydrated from its server HTML. No
 * backend (__SITE_BACKEND__ = null): a valid form takes the "other failure"
 * path of spec section 8. Success and the 23505 duplicate are end-to-end.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  (globalThis as { __SITE_BACKEND__?: unknown }).__SITE_BACKEND__ = null;
});

import mount, { WaitlistForm } from '../../../../../widgets/islands/WaitlistForm.tsx';
import { BackendMissingError } from '../../../../../widgets/lib/supabase.ts';
import { joinWaitlist } from '../../../../../widgets/lib/waitlist.ts';
import { fill, flush, hydrateIsland, resetPage, submit, toasts, valuesOf, waitlistCopy } from '../helpers/react.tsx';

const TEXT_FIELDS = ['name', 'email', 'favorite_part', 'desired_features'];
const valid = { name: 'Ann Lee', email: 'ann@example.com', favorite_part: 'It keeps our fonts.', desired_features: 'Charts from our CRM.' };

let island: HTMLElement;
let form: HTMLFormElement;
const field = (name: string) => form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
const checkbox = () => form.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
const button = () => form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
const errorTexts = () => [...form.querySelectorAll('.field-error')].map((e) => e.textContent);

beforeEach(async () => {
  resetPage();
  island = await hydrateIsland('WaitlistForm', WaitlistForm, mount, { copy: waitlistCopy });
  form = island.querySelector('form')!;
});
afterEach(() => vi.restoreAllMocks());

describe('WaitlistForm markup', () => {
  it('has textareas of 3 and 4 rows', () => {
    expect(field('favorite_part').tagName).toBe('TEXTAREA');
    expect(field('favorite_part').getAttribute('rows')).toBe('3');
    expect(field('desired_features').tagName).toBe('TEXTAREA');
    expect(field('desired_features').getAttribute('rows')).toBe('4');
  });

  it.each([
    ['name', 100],
    ['email', 255],
    ['favorite_part', 500],
    ['desired_features', 1000],
  ])('%s carries required and maxlength %i', (name, max) => {
    expect(field(name).required).toBe(true);
    expect(field(name).getAttribute('maxlength')).toBe(String(max));
  });

  it('has an email input and an unchecked feedback checkbox', () => {
    expect((field('email') as HTMLInputElement).type).toBe('email');
    expect(checkbox().name).toBe('willing_to_give_feedback');
    expect(checkbox().checked).toBe(false);
    expect(checkbox().required).toBe(false);
    expect(form.querySelector('label[for="waitlist-feedback"]')?.textContent).toBe("I'm willing to give feedback");
    expect(button().textContent).toBe('Join Waitlist');
  });
});

describe('WaitlistForm validation failure', () => {
  it('toasts "Validation Error" with the first message, shows the field messages and keeps the values', async () => {
    const typed = { name: ' ', email: 'nope', favorite_part: '', desired_features: 'More themes' };
    fill(form, typed);
    await submit(form);
    expect(toasts()).toEqual([{ role: 'alert', title: 'Validation Error', description: 'Name is required' }]);
    expect(errorTexts()).toEqual(['Name is required', 'Invalid email address', 'Please tell us your favorite part']);
    expect(valuesOf(form, TEXT_FIELDS)).toEqual(typed);
    expect(document.activeElement).toBe(field('name'));
    expect(island.querySelector('.waitlist-success')).toBeNull();
  });

  it.each([
    [{ email: 'nope' }, 'Invalid email address', 'email'],
    [{ favorite_part: '   ' }, 'Please tell us your favorite part', 'favorite_part'],
    [{ desired_features: '' }, "Please share what features you'd like", 'desired_features'],
    [{ favorite_part: 'x'.repeat(501) }, 'Favorite part must be less than 500 characters', 'favorite_part'],
    [{ desired_features: 'x'.repeat(1001) }, 'Desired features must be less than 1000 characters', 'desired_features'],
  ])('with %j the toast says %j', async (over, message, focused) => {
    fill(form, { ...valid, ...over });
    await submit(form);
    expect(toasts()).toEqual([{ role: 'alert', title: 'Validation Error', description: message }]);
    expect(document.activeElement).toBe(field(focused));
  });
});

describe('WaitlistForm with valid input and no backend', () => {
  it('toasts the generic error, logs it and keeps the form', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fill(form, valid);
    act(() => checkbox().click());
    await submit(form);
    expect(toasts()).toEqual([{ role: 'alert', title: 'Error', description: 'Something went wrong. Please try again.' }]);
    expect(logged).toHaveBeenCalledWith('Waitlist signup failed:', expect.any(BackendMissingError));
    expect(island.querySelector('form')).toBe(form);
    expect(island.querySelector('.waitlist-success')).toBeNull();
    expect(valuesOf(form, TEXT_FIELDS)).toEqual(valid);
    expect(checkbox().checked).toBe(true);
    expect(errorTexts()).toEqual([]);
    expect(form.querySelector('fieldset')!.disabled).toBe(false);
    expect(button().textContent).toBe('Join Waitlist');
  });

  it('disables the fields and shows "Joining..." while submitting', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fill(form, valid);
    act(() => {
      form.requestSubmit();
    });
    expect(form.querySelector('fieldset')!.disabled).toBe(true);
    expect(button().textContent).toBe('Joining...');
    expect(form.getAttribute('aria-busy')).toBe('true');
    await flush();
    expect(form.querySelector('fieldset')!.disabled).toBe(false);
    expect(button().textContent).toBe('Join Waitlist');
  });

  it('joinWaitlist reports the failure without a database code', async () => {
    const r = await joinWaitlist({ ...valid, willing_to_give_feedback: false });
    expect(r.ok).toBe(false);
    expect(r.ok === false && r.code).toBeUndefined();
    expect(r.ok === false && r.error).toBeInstanceOf(BackendMissingError);
  });
});
