// [auth.email] secure_password_change through supabase-js: a session signed
// in within 24 hours changes the password as is; an older one needs the
// nonce GET /reauthenticate mails (read from the inbox), once.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { clientFor, signedInClient } from './testClients.ts';
import { codeIn, latestMailTo } from './testInbox.ts';

let project: string;
let backend: RunningBackend;

beforeAll(async () => {
  project = mkdtempSync(path.join(os.tmpdir(), 'site-auth-reauth-'));
  const supabase = path.join(project, 'supabase');
  mkdirSync(supabase);
  const config = readFileSync('supabase/config.toml', 'utf8').replace('secure_password_change = false', 'secure_password_change = true').replace('max_frequency = "1s"', 'max_frequency = "0s"');
  expect(config).toContain('secure_password_change = true');
  writeFileSync(path.join(supabase, 'config.toml'), config);
  symlinkSync(path.resolve('supabase/migrations'), path.join(supabase, 'migrations'));
  backend = await startTestBackend({ supabaseDir: supabase });
});
afterAll(async () => {
  await backend?.close();
  rmSync(project, { recursive: true, force: true });
});

/** Makes the user's sessions look signed in 25 hours ago. */
const signedInLongAgo = (userId: string) => backend.db.query(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [userId]);

describe('secure_password_change', () => {
  it('lets a fresh session change the password without a nonce', async () => {
    const { client, email } = await signedInClient(backend);
    expect((await client.auth.updateUser({ password: 'second password' })).error).toBeNull();
    expect((await clientFor(backend).auth.signInWithPassword({ email, password: 'second password' })).error).toBeNull();
  });

  it('asks an older session for the mailed nonce: 400 reauthentication_needed, 422 reauthentication_not_valid, then accepts it once', async () => {
    const { client, email, userId } = await signedInClient(backend);
    await signedInLongAgo(userId);
    const needed = await client.auth.updateUser({ password: 'second password' });
    expect(needed.error).toMatchObject({ status: 400, code: 'reauthentication_needed', message: 'Password update requires reauthentication' });
    const noNonceYet = await client.auth.updateUser({ password: 'second password', nonce: '123456' });
    expect(noNonceYet.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' });

    expect(await client.auth.reauthenticate()).toEqual({ data: { user: null, session: null }, error: null });
    const mail = await latestMailTo(backend.inboxUrl!, email);
    const nonce = codeIn(mail);
    expect(mail.Subject).toBe(`${nonce} is your verification code`);
    expect(mail.Text).toContain(`Use the code below to verify your identity. It expires shortly.\n\n${nonce}`);

    const wrong = await client.auth.updateUser({ password: 'second password', nonce: nonce === '000000' ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    expect((await client.auth.updateUser({ password: 'second password', nonce })).error).toBeNull();
    expect((await clientFor(backend).auth.signInWithPassword({ email, password: 'second password' })).error).toBeNull();
    const reused = await client.auth.updateUser({ password: 'third password', nonce });
    expect(reused.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
  });

  it('refuses an expired nonce (older than otp_expiry)', async () => {
    const { client, email, userId } = await signedInClient(backend);
    await signedInLongAgo(userId);
    await client.auth.reauthenticate();
    const nonce = codeIn(await latestMailTo(backend.inboxUrl!, email));
    await backend.db.query(`update auth.users set reauthentication_sent_at = now() - interval '2 hours' where id = $1`, [userId]);
    const expired = await client.auth.updateUser({ password: 'second password', nonce });
    expect(expired.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid', message: 'Nonce has expired or is invalid' });
  });

  it('mails no nonce to an unconfirmed address: 422 email_not_confirmed', async () => {
    const { client, userId } = await signedInClient(backend);
    await backend.db.query(`update auth.users set email_confirmed_at = null where id = $1`, [userId]);
    const refused = await client.auth.reauthenticate();
    expect(refused.error).toMatchObject({ status: 422, code: 'email_not_confirmed', message: 'Please verify your email first.' });
  });
});
