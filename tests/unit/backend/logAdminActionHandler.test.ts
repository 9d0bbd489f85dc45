// The edge function's pure handler with in-memory deps (the integration test
// runs it against the real database).
import { describe, expect, it } from 'vitest';
import { handler, parseAuditBody, type AuditEntry, type LogAdminActionDeps } from '../../../supabase/functions/log-admin-action/handler.ts';

function deps(entries: AuditEntry[] = []): LogAdminActionDeps {
  const users: Record<string, { id: string; email: string }> = { admin: { id: 'u-admin', email: 'a@x.io' }, user: { id: 'u-user', email: 'u@x.io' } };
  return {
    getUser: async (token) => users[token] ?? null,
    isAdmin: async (id) => id === 'u-admin',
    insertAudit: async (entry) => {
      entries.push(entry);
      return { id: 'row-1', action: entry.action };
    },
    isAllowedOrigin: (origin) => origin === 'https://decksmith.example',
  };
}

const call = (token: string | null, body: string, extra: Record<string, string> = {}, method = 'POST') =>
  new Request('https://fn.example/log-admin-action', { method, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...extra }, body: method === 'POST' ? body : undefined });

const BODY = JSON.stringify({ action: 'view_contact_submissions', resourceType: 'contact_submissions', resourceId: null });

describe('log-admin-action handler', () => {
  it('answers 401, 403, 400 and 200 in that order of checks', async () => {
    const entries: AuditEntry[] = [];
    const d = deps(entries);
    expect((await handler(call(null, BODY), d)).status).toBe(401);
    expect((await handler(call('stranger', BODY), d)).status).toBe(401);
    expect((await handler(call('user', '{bad'), d)).status).toBe(403);
    expect((await handler(call('admin', '{bad'), d)).status).toBe(400);
    const ok = await handler(call('admin', BODY), d);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, entry: { id: 'row-1', action: 'view_contact_submissions' } });
    expect(entries).toEqual([{ actorId: 'u-admin', actorEmail: 'a@x.io', action: 'view_contact_submissions', resourceType: 'contact_submissions', resourceId: null }]);
  });

  it('answers CORS only for allowed origins and handles preflight and other methods', async () => {
    const preflight = await handler(call(null, '', { Origin: 'https://decksmith.example' }, 'OPTIONS'), deps());
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://decksmith.example');
    const foreign = await handler(call('admin', BODY, { Origin: 'https://evil.example' }), deps());
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    expect((await handler(call('admin', '', {}, 'GET'), deps())).status).toBe(405);
  });

  it('answers 500 without details when a dependency fails', async () => {
    const d = { ...deps(), insertAudit: async () => Promise.reject(new Error('db down')) };
    const original = console.error;
    console.error = () => {};
    try {
      const response = await handler(call('admin', BODY), d);
      expect(response.status).toBe(500);
      expect(JSON.stringify(await response.json())).not.toContain('db down');
    } finally {
      console.error = original;
    }
  });
});

describe('parseAuditBody', () => {
  it('accepts the body the admin page sends and a string resourceId', () => {
    expect(parseAuditBody({ action: 'view_contact_submissions', resourceType: 'contact_submissions', resourceId: null })).toEqual({
      body: { action: 'view_contact_submissions', resourceType: 'contact_submissions', resourceId: null },
    });
    expect(parseAuditBody({ action: 'delete', resourceType: 'waitlist', resourceId: 'abc' })).toMatchObject({ body: { resourceId: 'abc' } });
    expect(parseAuditBody({ action: 'a', resourceType: 'b' })).toMatchObject({ body: { resourceId: null } });
  });

  it('refuses anything else with a message', () => {
    for (const bad of [null, [], 'x', {}, { action: 'A', resourceType: 'b' }, { action: 'a', resourceType: 'b'.repeat(101) }, { action: 'a', resourceType: 'b', resourceId: '' }, { action: 'a', resourceType: 'b', extra: 1 }]) {
      expect(parseAuditBody(bad), JSON.stringify(bad)).toHaveProperty('error');
    }
  });

  it('refuses a resourceId the database cannot store (a NUL, a lone surrogate), which would fail the insert', () => {
    for (const resourceId of ['a\u0000b', '\ud800', 'x\udc00y']) {
      expect(parseAuditBody({ action: 'a', resourceType: 'b', resourceId }), JSON.stringify(resourceId)).toHaveProperty('error');
    }
    expect(parseAuditBody({ action: 'a', resourceType: 'b', resourceId: 'deck 😀 ü' })).toMatchObject({ body: { resourceId: 'deck 😀 ü' } });
  });
});
