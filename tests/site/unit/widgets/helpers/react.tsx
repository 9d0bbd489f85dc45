/**
 * Shared by the React island tests: copy fixtures (the island props the
 * generator passes from content) and a mount that works like production:
 * the server HTML from renderToString inside a data-island element, then
 * the island's default export (mountReact -> hydrateRoot) inside act().
 */
import { act, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, vi } from 'vitest';
import type { Mount } from 'skerry';
import type { AdminCopy, AuthCopy, ContactCopy, WaitlistCopy } from '../../../../../widgets/lib/copy.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export const contactCopy: ContactCopy = {
  name: { label: 'Name', placeholder: 'Your name' },
  email: { label: 'Email', placeholder: 'you@company.com' },
  company: { label: 'Company (optional)', placeholder: 'Your company' },
  message: { label: 'Message', placeholder: 'How can we help?' },
  submit: 'Send Message',
  submitting: 'Sending...',
};

export const waitlistCopy: WaitlistCopy = {
  name: { label: 'Name' },
  email: { label: 'Email' },
  favorite_part: { label: 'What is your favorite part?' },
  desired_features: { label: 'What features would you like?' },
  willing_to_give_feedback: { label: "I'm willing to give feedback" },
  submit: 'Join Waitlist',
  successTitle: "You're on the list!",
  successPosition: 'You are number {position} on the waitlist.',
  successNote: 'We will send updates to your email.',
  backHome: 'Back to Home',
};

export const authCopy: AuthCopy = {
  signInTitle: 'Sign In',
  signUpTitle: 'Create Account',
  email: { label: 'Email' },
  password: { label: 'Password' },
  signIn: 'Sign In',
  signUp: 'Sign Up',
  toSignUp: "Don't have an account? Sign up",
  toSignIn: 'Already have an account? Sign in',
};

export const adminCopy: AdminCopy = {
  title: 'Contact Submissions',
  loading: 'Loading...',
  columns: { name: 'Name', email: 'Email', company: 'Company', message: 'Message', date: 'Date' },
  goHome: 'Go to Home',
  signOut: 'Sign Out',
};

/**
 * Server-renders `Component` into a data-island element (inside `wrap`, if
 * given, e.g. a dialog), then hydrates it with the island's mount. Fails on
 * any hydration warning React logs.
 */
export async function hydrateIsland<P extends object>(
  name: string,
  Component: ComponentType<P>,
  mount: Mount,
  props: P,
  wrap?: (island: HTMLElement) => HTMLElement,
): Promise<HTMLElement> {
  const el = document.createElement('div');
  el.dataset.island = name;
  const json = JSON.stringify(props);
  el.dataset.props = json;
  el.innerHTML = renderToString(<Component {...props} />);
  document.body.append(wrap ? wrap(el) : el);
  const errors = vi.spyOn(console, 'error');
  try {
    // The mount settles once React's effects ran, which act() flushes on exit.
    let mounted: void | Promise<void> = undefined;
    await act(async () => {
      mounted = mount(el, JSON.parse(json) as Record<string, unknown>);
    });
    await mounted;
    // Marked mounted, as the island loader marks an island (generator/islands/loader.ts): the loader's
    // capture listener, left on the document by a file that imported it, holds an unmarked island's submits.
    el.dataset.hydrated = '';
    expect(errors.mock.calls.filter((c) => /hydrat/i.test(String(c[0])))).toEqual([]);
  } finally {
    errors.mockRestore();
  }
  return el;
}

/** Lets pending promises (a rejected getSupabase(), state updates) settle inside act(). */
export async function flush(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
}

/** Submits like a visitor (submit button / Enter) and lets the handler finish. */
export async function submit(form: HTMLFormElement): Promise<void> {
  await act(async () => {
    form.requestSubmit();
  });
  await flush();
}

export const toasts = () =>
  [...document.querySelectorAll<HTMLElement>('#toaster .toast')].map((t) => ({
    role: t.getAttribute('role'),
    title: t.querySelector('.toast-title')?.textContent,
    description: t.querySelector('.toast-description')?.textContent ?? undefined,
  }));

export function fill(root: ParentNode, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    const field = root.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`);
    if (!field) throw new Error(`no field ${name}`);
    field.value = value;
  }
}

export function valuesOf(root: ParentNode, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, root.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${n}"]`)!.value]));
}

export function resetPage(): void {
  document.body.innerHTML = '<section id="toaster" class="toaster" aria-label="Notifications"></section>';
  localStorage.clear();
  sessionStorage.clear();
}
