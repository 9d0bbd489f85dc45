// @vitest-environment happy-dom
/**
 * widgets/islands/AdminDashboard.tsx, hydrated from its server HTML. It
 * first renders the loading state; without a backend (__SITE_BACKEND__ =
 * null) the admin check fails: 'Failed to verify admin status.' and the
 * access-denied view. The admin list itself is end-to-end.
 */
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  (globalThis as { __SITE_BACKEND__?: unknown }).__SITE_BACKEND__ = null;
});

import mount, { AdminDashboard } from '../../../../widgets/islands/AdminDashboard.tsx';
import { flashToast } from '../../../../widgets/lib/toast.ts';
import { adminCopy, flush, hydrateIsland, resetPage, toasts } from '../helpers/react.tsx';

beforeEach(() => resetPage());
afterEach(() => vi.restoreAllMocks());

describe('AdminDashboard', () => {
  it('first renders the loading state', () => {
    const html = renderToString(<AdminDashboard copy={adminCopy} />);
    const host = document.createElement('div');
    host.innerHTML = html;
    const loading = host.querySelector('.admin-loading')!;
    expect(loading.getAttribute('role')).toBe('status');
    expect(loading.textContent).toBe('Loading...');
    expect(host.querySelector('.admin-list, .admin-denied')).toBeNull();
  });

  it('hydrates in the loading state, then leaves it once the backend step ends', async () => {
    const island = document.createElement('div');
    island.dataset.island = 'AdminDashboard';
    island.innerHTML = renderToString(<AdminDashboard copy={adminCopy} />);
    const serverNode = island.querySelector('.admin-loading');
    document.body.append(island);
    const errors = vi.spyOn(console, 'error');
    // A synchronous act commits the hydration and runs the effect; the
    // rejected getSupabase() cannot settle before it returns.
    act(() => void mount(island, { copy: adminCopy }));
    expect(errors).not.toHaveBeenCalled();
    expect(island.querySelector('.admin-loading')).toBe(serverNode);
    expect(serverNode?.textContent).toBe('Loading...');
    expect(toasts()).toEqual([]);
    await flush();
    expect(island.querySelector('.admin-loading')).toBeNull();
  });

  it('without a backend: toasts the failed admin check and shows access denied', async () => {
    const island = await hydrateIsland('AdminDashboard', AdminDashboard, mount, { copy: adminCopy });
    await flush();
    expect(island.querySelector('.admin-loading')).toBeNull();
    expect(toasts()).toEqual([{ role: 'alert', title: 'Error', description: 'Failed to verify admin status.' }]);
    const denied = island.querySelector('.admin-denied')!;
    expect(denied.querySelector('h2')?.textContent).toBe('Access Denied');
    expect(denied.querySelector('p')?.textContent).toBe("You don't have permission to access this page.");
    const home = denied.querySelector<HTMLAnchorElement>('a.button')!;
    expect(home.getAttribute('href')).toBe('/');
    expect(home.textContent).toBe('Go to Home');
    const signOut = denied.querySelector<HTMLButtonElement>('button')!;
    expect(signOut.type).toBe('button');
    expect(signOut.textContent).toBe('Sign Out');
    expect(island.querySelector('.admin-list')).toBeNull();
    expect(location.pathname).toBe('/');
  });

  it('shows a toast flashed by the previous page (the sign-in welcome)', async () => {
    flashToast({ title: 'Welcome back!', description: "You've successfully signed in." });
    await hydrateIsland('AdminDashboard', AdminDashboard, mount, { copy: adminCopy });
    await flush();
    expect(toasts()[0]).toEqual({ role: 'status', title: 'Welcome back!', description: "You've successfully signed in." });
    expect(sessionStorage.length).toBe(0);
  });
});
