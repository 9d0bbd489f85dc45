// @vitest-environment happy-dom
/**
 * widgets/islands/NavSession.ts: the /admin link (and whatever else is
 * marked data-session-only) shows only with a valid stored session.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  (globalThis as { __SITE_BACKEND__?: unknown }).__SITE_BACKEND__ = null;
});

import mount, { showSessionControls, signOutAndGoHome } from '../../../../../widgets/islands/NavSession.ts';
import { AUTH_STORAGE_KEY, BackendMissingError } from '../../../../../widgets/lib/supabase.ts';

const session = { access_token: 'a.b.c', refresh_token: 'r1', expires_at: 1_900_000_000, token_type: 'bearer', user: { id: 'u1' } };

let nav: HTMLElement;
/** The /admin item and the Sign Out button. */
const sessionOnly = () => [...nav.querySelectorAll<HTMLElement>('[data-session-only], [data-sign-out]')];

beforeEach(() => {
  localStorage.clear();
  // The markup of templates/Nav.tsx: the /admin item is data-session-only,
  // the Sign Out button only data-sign-out; both start hidden.
  document.body.innerHTML = `
    <nav data-island="NavSession" data-hydrate="load">
      <ul class="nav-links">
        <li><a href="/pricing">Pricing</a></li>
        <li data-session-only="" hidden><a href="/admin">Admin</a></li>
      </ul>
      <div class="nav-actions">
        <button type="button" class="button button-ghost" data-sign-out="" hidden>Sign Out</button>
      </div>
    </nav>`;
  nav = document.querySelector('nav')!;
});
afterEach(() => vi.restoreAllMocks());

describe('NavSession', () => {
  it('shows the /admin link and Sign Out with a valid stored session', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
    mount(nav);
    expect(sessionOnly()).toHaveLength(2);
    for (const el of sessionOnly()) expect(el.hidden).toBe(false);
    expect(nav.querySelector<HTMLElement>('[data-sign-out]')!.hidden).toBe(false);
    expect(nav.querySelector<HTMLElement>('a[href="/pricing"]')!.closest('li')!.hidden).toBe(false);
  });

  it('keeps them hidden with no stored session', () => {
    mount(nav);
    for (const el of sessionOnly()) expect(el.hidden).toBe(true);
  });

  it.each(['access_token', 'refresh_token', 'expires_at'] as const)('keeps them hidden when the session lacks %s', (field) => {
    const s: Record<string, unknown> = { ...session };
    delete s[field];
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(s));
    mount(nav);
    for (const el of sessionOnly()) expect(el.hidden).toBe(true);
  });

  it('keeps them hidden when expires_at is not a number', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ ...session, expires_at: '1900000000' }));
    mount(nav);
    for (const el of sessionOnly()) expect(el.hidden).toBe(true);
  });

  it('keeps them hidden with malformed JSON', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token": "a", ');
    expect(() => mount(nav)).not.toThrow();
    for (const el of sessionOnly()) expect(el.hidden).toBe(true);
  });

  it('hides them again when the server markup showed them but there is no session', () => {
    for (const el of sessionOnly()) el.hidden = false;
    mount(nav);
    for (const el of sessionOnly()) expect(el.hidden).toBe(true);
  });

  it('follows sign-in and sign-out in another tab (storage event)', () => {
    mount(nav);
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY }));
    for (const el of sessionOnly()) expect(el.hidden).toBe(false);
    localStorage.removeItem(AUTH_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_STORAGE_KEY }));
    for (const el of sessionOnly()) expect(el.hidden).toBe(true);
  });

  it('showSessionControls toggles only inside the given root', () => {
    document.body.insertAdjacentHTML('beforeend', '<p id="elsewhere" data-session-only hidden>x</p>');
    showSessionControls(nav, true);
    for (const el of sessionOnly()) expect(el.hidden).toBe(false);
    expect(document.getElementById('elsewhere')!.hidden).toBe(true);
    showSessionControls(nav, false);
    for (const el of sessionOnly()) expect(el.hidden).toBe(true);
  });

  it('sign out still returns to / when the backend is unavailable', async () => {
    const assign = vi.spyOn(location, 'assign').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(signOutAndGoHome()).resolves.toBeUndefined();
    expect(warn.mock.calls[0]?.[1]).toBeInstanceOf(BackendMissingError);
    expect(assign).toHaveBeenCalledWith('/');
  });
});
