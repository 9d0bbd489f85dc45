// Sign-up and sign-in edges through the real HTTP API: bcrypt's 72-byte limit, sign-in timing,
// parallel sign-ups of one address, and the size of user_metadata.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { clientFor, uniqueEmail } from './testClients.ts';

const PASSWORD = 'correct horse';

/** POST /auth/v1/<path> with the anon key; status and JSON body. */
async function authPost(backend: RunningBackend, path: string, body: unknown, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${backend.apiUrl}/auth/v1/${path}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('passwords and metadata', () => {
  let backend: RunningBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(() => backend?.close());

  it('refuses passwords over 72 bytes on sign-up and on change, as GoTrue does', async () => {
    const tooLong = { status: 400, code: 'validation_failed', message: 'Password cannot be longer than 72 characters' };
    const signUp = await clientFor(backend).auth.signUp({ email: uniqueEmail(), password: 'p'.repeat(72) + 'A' });
    expect(signUp.error).toMatchObject(tooLong);
    // 37 characters, 74 bytes: GoTrue counts bytes.
    const accented = await clientFor(backend).auth.signUp({ email: uniqueEmail(), password: 'é'.repeat(37) });
    expect(accented.error).toMatchObject(tooLong);

    const client = clientFor(backend);
    expect((await client.auth.signUp({ email: uniqueEmail(), password: PASSWORD })).error).toBeNull();
    const change = await client.auth.updateUser({ password: 'q'.repeat(100) });
    expect(change.error).toMatchObject(tooLong);
  });

  it('never signs in with a password longer than the 72 bytes bcrypt reads', async () => {
    const email = uniqueEmail();
    const password = 'p'.repeat(72);
    expect((await clientFor(backend).auth.signUp({ email, password })).error).toBeNull();
    const longer = await clientFor(backend).auth.signInWithPassword({ email, password: password + 'anything' });
    expect(longer.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    expect((await clientFor(backend).auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it('refuses user_metadata over 4 KB of JSON at sign-up and on update, and the tokens of a full one still work', async () => {
    const big = { note: 'x'.repeat(20_000) };
    const signUp = await clientFor(backend).auth.signUp({ email: uniqueEmail(), password: PASSWORD, options: { data: big } });
    expect(signUp.error).toMatchObject({ status: 422, code: 'validation_failed' });
    expect(signUp.error?.message).toContain('4096 bytes');

    const client = clientFor(backend);
    const full = { note: 'y'.repeat(4000) };
    const ok = await client.auth.signUp({ email: uniqueEmail(), password: PASSWORD, options: { data: full } });
    expect(ok.error).toBeNull();
    // Merged with what is stored, the update would pass the cap: refused, nothing changed.
    const update = await client.auth.updateUser({ data: { more: 'z'.repeat(200) } });
    expect(update.error).toMatchObject({ status: 422, code: 'validation_failed' });
    const user = await client.auth.getUser();
    expect(user.data.user?.user_metadata).toEqual(full);

    const token = ok.data.session!.access_token;
    expect(token.length).toBeLessThan(8 * 1024);
    const rest = await fetch(`${backend.apiUrl}/rest/v1/user_roles?select=*`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${token}` } });
    expect(rest.status).toBe(200);
  });

  it('answers ten parallel sign-ups of one address with one session and nine user_already_exists', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(Array.from({ length: 10 }, () => authPost(backend, 'signup', { email, password: PASSWORD })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 422, 422, 422, 422, 422, 422, 422, 422, 422]);
    for (const refused of answers.filter((a) => a.status === 422)) {
      expect(refused.body).toMatchObject({ code: 422, error_code: 'user_already_exists', msg: 'User already registered' });
    }
    expect((await clientFor(backend).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });
});

describe('sign-in timing (bcrypt cost 10)', () => {
  let backend: RunningBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ bcryptCost: 10 });
  });
  afterAll(() => backend?.close());

  it('takes as long for an unknown email as for a known one with a wrong password', async () => {
    const email = uniqueEmail('timing');
    expect((await authPost(backend, 'signup', { email, password: PASSWORD })).status).toBe(200);
    const timed = async (address: string) => {
      const start = performance.now();
      const answer = await authPost(backend, 'token?grant_type=password', { email: address, password: 'wrong password' });
      expect(answer.body.error_code).toBe('invalid_credentials');
      return performance.now() - start;
    };
    await timed(email);
    await timed(uniqueEmail('nobody'));
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i++) {
      known.push(await timed(email));
      unknown.push(await timed(uniqueEmail('nobody')));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const ratio = median(unknown) / median(known);
    // Before: about 3 ms against 79 ms (ratio 0.04).
    expect(ratio, `unknown ${median(unknown).toFixed(1)} ms, known ${median(known).toFixed(1)} ms`).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  });
});
