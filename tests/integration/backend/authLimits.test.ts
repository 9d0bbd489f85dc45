// GoTrue's rate limits on the embedded auth server: per client IP, bursts of 30, refilled at the configured rate
// (set to 1 per 5 minutes here, so no token comes back during a test); mails per address and per hour.
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { totpCode } from '../../../generator/backend/auth/totp.ts';
import { clientFor, signedInClient, uniqueEmail } from './testClients.ts';

const PASSWORD = 'correct horse';
const LIMITED = { code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' };

/** POST /auth/v1/<path> from a chosen local address (the whole of 127.0.0.0/8 is this machine). */
function authPost(
  backend: RunningBackend,
  pathAndQuery: string,
  body: unknown,
  options: { from?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${backend.apiUrl}/auth/v1/${pathAndQuery}`,
      {
        method: 'POST',
        localAddress: options.from ?? '127.0.0.1',
        headers: { apikey: backend.anonKey, 'Content-Type': 'application/json', ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') }));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

describe('per-IP limits', () => {
  let backend: RunningBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ rateLimit: { perIp: true, tokenRefresh: 1, signInSignUps: 1, tokenVerifications: 1 } });
  });
  afterAll(() => backend?.close());

  it('answers 429 after a burst of 30 sign-ins from one address, the right password included, whatever X-Forwarded-For says', async () => {
    const email = uniqueEmail('limited');
    expect((await authPost(backend, 'signup', { email, password: PASSWORD }, { from: '127.0.0.3' })).status).toBe(200);
    const wrong = [];
    for (let i = 0; i < 30; i++) {
      wrong.push(await authPost(backend, 'token?grant_type=password', { email, password: `wrong ${i}` }, { headers: { 'X-Forwarded-For': `10.0.0.${i}` } }));
    }
    expect(wrong.every((a) => a.status === 400 && a.body.error_code === 'invalid_credentials')).toBe(true);
    const right = await authPost(backend, 'token?grant_type=password', { email, password: PASSWORD });
    expect(right).toEqual({ status: 429, body: LIMITED });
    // Refreshes share the bucket of POST /token, as in GoTrue.
    const refresh = await authPost(backend, 'token?grant_type=refresh_token', { refresh_token: 'x'.repeat(32) });
    expect(refresh.status).toBe(429);
    // Another address has its own bucket.
    const elsewhere = await authPost(backend, 'token?grant_type=password', { email, password: PASSWORD }, { from: '127.0.0.2' });
    expect(elsewhere.status).toBe(200);
    // supabase-js reports it with GoTrue's code.
    const viaClient = await clientFor(backend).auth.signInWithPassword({ email, password: PASSWORD });
    expect(viaClient.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('answers 429 after a burst of 30 sign-ups from one address', async () => {
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await authPost(backend, 'signup', { email: uniqueEmail('burst'), password: PASSWORD }, { from: '127.0.0.4' }));
    expect(answers.slice(0, 30).every((a) => a.status === 200)).toBe(true);
    expect(answers[30]).toEqual({ status: 429, body: LIMITED });
  });

  it('answers 429 after a burst of 30 verifications from one address', async () => {
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await authPost(backend, 'verify', { type: 'signup', token_hash: `bogus${i}` }, { from: '127.0.0.5' }));
    expect(answers.slice(0, 30).every((a) => a.status === 403 && a.body.error_code === 'otp_expired')).toBe(true);
    expect(answers[30]).toEqual({ status: 429, body: LIMITED });
  });
});

describe('MFA challenge and verify: 15 a minute per IP each (GoTrue’s default, no config.toml key), burst 30', () => {
  let backend: RunningBackend;
  beforeAll(async () => {
    // The limits' clock stands still: no token comes back while the requests run, however slow the machine.
    const frozen = Date.now();
    backend = await startTestBackend({ rateLimit: { perIp: true }, rateLimitClock: () => frozen });
  });
  afterAll(() => backend?.close());

  it('answers 429 after 30 wrong codes from one address, the right code included; another address still verifies', async () => {
    const { client } = await signedInClient(backend);
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { id: factorId, totp } = enrolled.data as { id: string; totp: { secret: string } };
    const challenge = await client.auth.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    const wrongCode = totpCode(totp.secret, Date.now() / 1000 + 120);
    const guesses = [];
    for (let i = 0; i < 30; i++) guesses.push(await client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: wrongCode }));
    expect(guesses.every((g) => g.error?.status === 422 && g.error.code === 'mfa_verification_failed')).toBe(true);
    const right = await client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: totpCode(totp.secret, Date.now() / 1000) });
    expect(right.error).toMatchObject({ status: 429, code: 'over_request_rate_limit', message: 'Request rate limit reached' });

    // Challenges have a bucket of their own: 29 more, then 429 in GoTrue's shape.
    const bearer = { Authorization: `Bearer ${(await client.auth.getSession()).data.session!.access_token}` };
    const challenges = [];
    for (let i = 0; i < 30; i++) challenges.push(await authPost(backend, `factors/${factorId}/challenge`, {}, { headers: bearer }));
    expect(challenges.slice(0, 29).every((c) => c.status === 200)).toBe(true);
    expect(challenges[29]).toEqual({ status: 429, body: LIMITED });

    // Another address has its own buckets: it challenges and verifies with the right code.
    const elsewhere = await authPost(backend, `factors/${factorId}/challenge`, {}, { from: '127.0.0.2', headers: bearer });
    expect(elsewhere.status).toBe(200);
    const verified = await authPost(
      backend,
      `factors/${factorId}/verify`,
      { challenge_id: elsewhere.body.id, code: totpCode(totp.secret, Date.now() / 1000) },
      { from: '127.0.0.2', headers: bearer },
    );
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ token_type: 'bearer' });
  });
});

describe('mails with confirmations on: [auth.email] max_frequency per address, [auth.rate_limit] email_sent per hour', () => {
  let backend: RunningBackend;
  let dir: string;
  const lines: string[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'site-auth-limits-'));
    const config = readFileSync('supabase/config.toml', 'utf8').replace('max_frequency = "1s"', 'max_frequency = "1m0s"');
    expect(config).toMatch(/^enable_confirmations = true$/m);
    expect(config).toContain('email_sent = 2');
    // email_sent counts mail sent through SMTP, as the Supabase CLI's config says of it.
    writeFileSync(path.join(dir, 'config.toml'), `${config}\n[auth.email.smtp]\nenabled = true\n`);
    symlinkSync(path.resolve('supabase/migrations'), path.join(dir, 'migrations'));
    symlinkSync(path.resolve('supabase/functions'), path.join(dir, 'functions'));
    backend = await startTestBackend({ supabaseDir: dir, rateLimit: {}, enableConfirmations: true, log: (l) => lines.push(l) });
  });
  afterAll(async () => {
    await backend?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a confirmation again to an unconfirmed address only after max_frequency, and at most email_sent mails an hour', async () => {
    const first = uniqueEmail('mail');
    expect((await authPost(backend, 'signup', { email: first, password: PASSWORD })).status).toBe(200);
    const again = await authPost(backend, 'signup', { email: first, password: PASSWORD });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 429, error_code: 'over_email_send_rate_limit' });
    expect(again.body.msg).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/);

    const second = uniqueEmail('mail');
    expect((await authPost(backend, 'signup', { email: second, password: PASSWORD })).status).toBe(200);
    const third = uniqueEmail('mail');
    const over = await authPost(backend, 'signup', { email: third, password: PASSWORD });
    expect(over).toEqual({ status: 429, body: { code: 429, error_code: 'over_email_send_rate_limit', msg: 'email rate limit exceeded' } });
    expect(lines.filter((l) => l.startsWith('Confirm the sign-up of'))).toHaveLength(2);
    const stored = await backend.db.query(`select 1 from auth.users where email = $1`, [third]);
    expect(stored.rows).toHaveLength(0);
  });
});
