// A sign-up with an address that has an account, with confirmations on, answered as GoTrue's
// api/signup.go answers it on PGlite and on a PostgreSQL server: a confirmed address gets the answer a
// new address gets (sanitizeUser: another id, no role, no identity) and no mail, so that the answer
// does not tell who has an account; an unconfirmed one gets its confirmation again, once per
// max_frequency. The password given is never stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { ENGINES } from '../testEngines.ts';
import { clientFor, uniqueEmail } from '../testClients.ts';
import { mailsTo } from '../testInbox.ts';

const PASSWORD = 'correct horse';

describe.each(ENGINES)('$name', (engine) => {
  let backend: RunningBackend;
  beforeAll(async () => {
    if (engine.skip) return;
    backend = await engine.start({ enableConfirmations: true });
  });
  afterAll(() => backend?.close());

  const signUp = (body: Record<string, unknown>) =>
    fetch(`${backend.apiUrl}/auth/v1/signup`, { method: 'POST', headers: { apikey: backend.anonKey, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }),
    );

  it.skipIf(engine.skip)('answers a sign-up with a confirmed address as it answers a new address, and mails nothing', async () => {
    const email = uniqueEmail('taken');
    const first = await signUp({ email, password: PASSWORD });
    expect(first.status).toBe(200);
    await backend.db.query(`update auth.users set email_confirmed_at = now() where email = $1`, [email]);
    const fresh = await signUp({ email: uniqueEmail('fresh'), password: PASSWORD, data: { plan: 'pro' } });

    const again = await signUp({ email: email.toUpperCase(), password: 'another password', data: { plan: 'pro' } });
    expect(again.status).toBe(200);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(again.body).toMatchObject({
      aud: 'authenticated',
      role: '',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { plan: 'pro' },
      identities: [],
      is_anonymous: false,
    });
    expect(again.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(again.body.id).not.toBe(first.body.id);
    for (const field of ['email_confirmed_at', 'confirmed_at', 'last_sign_in_at']) expect(again.body).not.toHaveProperty(field);
    expect(Date.parse(String(again.body.created_at))).toBeGreaterThan(Date.parse(String(first.body.created_at)));

    // supabase-js sees what a new sign-up gives: no session, no error; an empty identities list, as Supabase documents.
    const { data, error } = await clientFor(backend).auth.signUp({ email, password: 'a third password' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    // Only the first sign-up's confirmation; the account's password is as it was.
    expect(await mailsTo(backend.inboxUrl!, email)).toHaveLength(1);
    expect((await clientFor(backend).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await clientFor(backend).auth.signInWithPassword({ email, password: 'another password' })).error?.code).toBe('invalid_credentials');
  });

  it.skipIf(engine.skip)('mails an unconfirmed address its confirmation again once per max_frequency, and answers 429 within it', async () => {
    const email = uniqueEmail('unconfirmed');
    const first = await signUp({ email, password: PASSWORD });
    expect(first.status).toBe(200);
    const soon = await signUp({ email, password: PASSWORD });
    expect(soon.status).toBe(429);
    expect(soon.body).toMatchObject({ code: 429, error_code: 'over_email_send_rate_limit' });
    await backend.db.query(`update auth.users set confirmation_sent_at = now() - interval '1 hour' where email = $1`, [email]);
    const later = await signUp({ email, password: 'another password' });
    expect(later.status).toBe(200);
    // GoTrue answers with the account itself here: its id and its identity.
    expect(later.body).toMatchObject({ id: first.body.id, role: 'authenticated', email });
    expect(later.body.identities).toHaveLength(1);
    expect(await mailsTo(backend.inboxUrl!, email)).toHaveLength(2);
  });
});
