// @vitest-environment happy-dom
/**
 * widgets/islands/AdminDashboard.tsx, hydrated from its server HTML. It
 * first renders the loading state; without a backend (__SITE_BACKEND__ =
 * null) the admin check fails: 'Failed to verify admin status.' and the
 * access-denied view. The list view renders from data here (a table, the
 * count only when loaded, mailto: links only for plain mailboxes); the list
 * against a backend is end-to-end.
 */
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  (globalThis as { __SITE_BACKEND__?: unknown }).__SITE_BACKEND__ = null;
});

import mount, { AdminDashboard, SubmissionList } from '../../../../../widgets/islands/AdminDashboard.tsx';
import { flashToast } from '../../../../../widgets/lib/toast.ts';
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

  const submission = (email: string, name = 'Ada') => ({ id: email, name, email, company: null, message: 'Hello', created_at: '2025-11-03T09:00:00Z' });
  const renderList = (submissions: Parameters<typeof SubmissionList>[0]['submissions']) => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<SubmissionList copy={adminCopy} submissions={submissions} />);
    return host;
  };

  it('lists submissions in a table with column headers, in a focusable region named by the title', () => {
    const host = renderList([submission('ada@example.com'), submission('bob@example.com', 'Bob')]);
    const region = host.querySelector('[role="region"]')!;
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(host.querySelector(`#${region.getAttribute('aria-labelledby')}`)?.textContent).toBe('Contact Submissions');
    expect([...region.querySelectorAll('table thead th[scope="col"]')].map((th) => th.textContent)).toEqual(['Name', 'Email', 'Company', 'Message', 'Date']);
    expect([...region.querySelectorAll('tbody th[scope="row"]')].map((th) => th.textContent)).toEqual(['Ada', 'Bob']);
    expect(host.querySelector('.admin-total')?.textContent).toBe('Total submissions: 2');
  });

  it('shows the error and no count when the list failed to load', () => {
    const host = renderList(null);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('Failed to load contact submissions.');
    expect(host.querySelector('.admin-total')).toBeNull();
    expect(host.textContent).not.toContain('Total submissions');
  });

  it('links a plain address and shows one carrying mail headers as text only', () => {
    const smuggled = 'sales@victim.co?bcc=attacker%40evil.example';
    const host = renderList([submission('sales+eu@example.com'), submission(smuggled, 'Smuggler')]);
    const [plain, bad] = [...host.querySelectorAll('.submission-email')];
    expect(plain!.querySelector('a')?.getAttribute('href')).toBe('mailto:sales%2Beu@example.com');
    expect(plain!.textContent).toBe('sales+eu@example.com');
    expect(bad!.querySelector('a')).toBeNull();
    expect(bad!.textContent).toBe(smuggled);
    expect(host.innerHTML).not.toContain('bcc=attacker%40evil.example"');
  });
});
