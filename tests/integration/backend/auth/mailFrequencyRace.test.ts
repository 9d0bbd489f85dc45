// [auth.email] max_frequency under concurrent requests, on PGlite and on a
// PostgreSQL server: of many requests for one address at once, one mail goes
// out and the others answer GoTrue's 429 over_email_send_rate_limit.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { ENGINES } from '../testEngines.ts';
import { uniqueEmail } from '../testClients.ts';
import { mailsTo } from '../testInbox.ts';

const CONCURRENT = 15;
let project: string;

beforeAll(() => {
  // An hour between mails to one address: however slow the machine, all requests fall within it.
  project = mkdtempSync(path.join(os.tmpdir(), 'site-mail-race-'));
  const supabase = path.join(project, 'supabase');
  mkdirSync(supabase);
  const config = readFileSync('supabase/config.toml', 'utf8');
  expect(config).toMatch(/^max_frequency = "1s"$/m);
  writeFileSync(path.join(supabase, 'config.toml'), config.replace('max_frequency = "1s"', 'max_frequency = "1h"'));
  symlinkSync(path.resolve('supabase/migrations'), path.join(supabase, 'migrations'));
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe.each(ENGINES)('$name', (engine) => {
  let backend: RunningBackend;
  beforeAll(async () => {
    if (engine.skip) return;
    backend = await engine.start({ supabaseDir: path.join(project, 'supabase'), enableConfirmations: true });
  });
  afterAll(() => backend?.close());

  const post = (route: string, body: unknown) =>
    fetch(`${backend.apiUrl}/auth/v1/${route}`, { method: 'POST', headers: { apikey: backend.anonKey, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }),
    );

  /** Exactly one answer 200, the rest GoTrue's 429 for a mail sent too soon. */
  function expectOnePassed(answers: { status: number; body: Record<string, unknown> }[]) {
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(CONCURRENT - 1);
    for (const a of refused) {
      expect(a.status).toBe(429);
      expect(a.body).toMatchObject({ code: 429, error_code: 'over_email_send_rate_limit' });
      expect(a.body.msg).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    }
  }

  it.skipIf(engine.skip)(`mails one confirmation for ${CONCURRENT} concurrent resends of an address`, async () => {
    const email = uniqueEmail('race-resend');
    expect((await post('signup', { email, password: 'correct horse' })).status).toBe(200);
    // The sign-up's mail is older than max_frequency now: one resend may go out.
    await backend.db.query(`update auth.users set confirmation_sent_at = now() - interval '2 hours' where email = $1`, [email]);
    expectOnePassed(await Promise.all(Array.from({ length: CONCURRENT }, () => post('resend', { type: 'signup', email }))));
    expect(await mailsTo(backend.inboxUrl!, email)).toHaveLength(2);
  });

  it.skipIf(engine.skip)(`mails one confirmation for ${CONCURRENT} concurrent sign-ups of an unconfirmed address`, async () => {
    const email = uniqueEmail('race-signup');
    expect((await post('signup', { email, password: 'correct horse' })).status).toBe(200);
    await backend.db.query(`update auth.users set confirmation_sent_at = now() - interval '2 hours' where email = $1`, [email]);
    expectOnePassed(await Promise.all(Array.from({ length: CONCURRENT }, () => post('signup', { email, password: 'correct horse' }))));
    expect(await mailsTo(backend.inboxUrl!, email)).toHaveLength(2);
  });

  it.skipIf(engine.skip)(`mails one link for ${CONCURRENT} concurrent sign-in links (POST /otp) of a new address`, async () => {
    const email = uniqueEmail('race-otp');
    expectOnePassed(await Promise.all(Array.from({ length: CONCURRENT }, () => post('otp', { email }))));
    expect(await mailsTo(backend.inboxUrl!, email)).toHaveLength(1);
  });

  it.skipIf(engine.skip)(`mails one link for ${CONCURRENT} concurrent password resets of a confirmed address`, async () => {
    const email = uniqueEmail('race-recover');
    expect((await post('signup', { email, password: 'correct horse' })).status).toBe(200);
    await backend.db.query(`update auth.users set email_confirmed_at = now() where email = $1`, [email]);
    expectOnePassed(await Promise.all(Array.from({ length: CONCURRENT }, () => post('recover', { email }))));
    expect((await mailsTo(backend.inboxUrl!, email)).filter((m) => m.Subject === 'Reset your password')).toHaveLength(1);
  });
});
