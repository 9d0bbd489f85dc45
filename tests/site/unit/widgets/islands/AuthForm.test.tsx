// @vitest-environment happy-dom
/**
 * widgets/islands/AuthForm.tsx, hydrated from its server HTML. No backend
 * (__SITE_BACKEND__ = null): the session check on mount fails quietly and a
 * submit ends in the "unexpected error" toast. Real sign-in is end-to-end.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  (globalThis as { __SITE_BACKEND__?: unknown }).__SITE_BACKEND__ = null;
});

import mount, { AuthForm } from '../../../../../widgets/islands/AuthForm.tsx';
import { authCopy, fill, flush, hydrateIsland, resetPage, submit, toasts } from '../helpers/react.tsx';

let island: HTMLElement;
let form: HTMLFormElement;
const heading = () => island.querySelector('h2')!.textContent;
const email = () => form.querySelector<HTMLInputElement>('input[name="email"]')!;
const password = () => form.querySelector<HTMLInputElement>('input[name="password"]')!;
const button = () => form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
const toggle = () => island.querySelector<HTMLButtonElement>('button.link-button')!;

beforeEach(async () => {
  resetPage();
  island = await hydrateIsland('AuthForm', AuthForm, mount, { copy: authCopy });
  form = island.querySelector('form')!;
  await flush();
});
afterEach(() => vi.restoreAllMocks());

describe('AuthForm modes', () => {
  it('renders sign in by default', () => {
    expect(heading()).toBe('Sign In');
    expect(button().textContent).toBe('Sign In');
    expect(toggle().textContent).toBe("Don't have an account? Sign up");
    expect(toggle().type).toBe('button');
    expect(password().getAttribute('autocomplete')).toBe('current-password');
  });

  it('the toggle link switches to sign up and back', () => {
    act(() => toggle().click());
    expect(heading()).toBe('Create Account');
    expect(button().textContent).toBe('Sign Up');
    expect(toggle().textContent).toBe('Already have an account? Sign in');
    expect(password().getAttribute('autocomplete')).toBe('new-password');

    act(() => toggle().click());
    expect(heading()).toBe('Sign In');
    expect(button().textContent).toBe('Sign In');
    expect(toggle().textContent).toBe("Don't have an account? Sign up");
  });

  it('keeps what was typed when switching mode', () => {
    fill(form, { email: 'ann@example.com', password: 'secret1' });
    act(() => toggle().click());
    expect(email().value).toBe('ann@example.com');
    expect(password().value).toBe('secret1');
  });
});

describe('AuthForm fields (spec section 5)', () => {
  it('has a required email input of type email', () => {
    expect(email().type).toBe('email');
    expect(email().required).toBe(true);
  });

  it('has a required password input with minlength 6', () => {
    expect(password().type).toBe('password');
    expect(password().required).toBe(true);
    expect(password().getAttribute('minlength')).toBe('6');
    expect(password().minLength).toBe(6);
  });

  it('leaves empty-field checks to the browser (no novalidate)', async () => {
    expect(form.noValidate).toBe(false);
    await submit(form);
    expect(toasts()).toEqual([]);
  });
});

describe('AuthForm without a backend', () => {
  it('stays on the page: the session check fails quietly', () => {
    expect(location.pathname).toBe('/');
    expect(toasts()).toEqual([]);
  });

  it.each(['sign in', 'sign up'])('%s: shows Loading... while submitting, then the unexpected-error toast', async (mode) => {
    if (mode === 'sign up') act(() => toggle().click());
    fill(form, { email: 'ann@example.com', password: 'secret1' });
    act(() => {
      form.requestSubmit();
    });
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe('Loading...');
    expect(form.getAttribute('aria-busy')).toBe('true');
    await flush();
    expect(toasts()).toEqual([{ role: 'alert', title: 'Error', description: 'An unexpected error occurred.' }]);
    expect(button().disabled).toBe(false);
    expect(button().textContent).toBe(mode === 'sign up' ? 'Sign Up' : 'Sign In');
    expect(email().value).toBe('ann@example.com');
    expect(sessionStorage.length).toBe(0);
  });
});
