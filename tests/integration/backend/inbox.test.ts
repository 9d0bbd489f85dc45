// The backend's inbox over HTTP: Mailpit's JSON API as the Supabase CLI's
// tests read it, the plain HTML page, GoTrue's default mails with
// confirmations off, the mail limits, and mail kept in the data dir.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../../../generator/backend/startBackend.ts';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';
import { clientFor, signedInClient, uniqueEmail } from './testClients.ts';
import { latestMailTo, linkIn, mailsTo, openLink } from './testInbox.ts';

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend?.close());

const post = (path: string, body: unknown) =>
  fetch(`${backend.apiUrl}/auth/v1/${path}`, { method: 'POST', headers: { apikey: backend.anonKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('GoTrue\'s default mails, confirmations off', () => {
  it('signs an unknown address up at once and mails it the magic link ("Your sign-in link"), which signs in', async () => {
    const email = uniqueEmail('otp');
    expect((await clientFor(backend).auth.signInWithOtp({ email })).error).toBeNull();
    const mail = await latestMailTo(backend.inboxUrl!, email);
    expect(mail.Subject).toBe('Your sign-in link');
    expect(mail.Text).toBe(
      `Your sign-in link\n\nFollow the link below to sign in. This link expires shortly and can only be used once.\n\nSign in ( ${linkIn(mail)} )`,
    );
    expect(linkIn(mail)).toMatch(new RegExp(`^${backend.apiUrl}/auth/v1/verify\\?token=[0-9a-f]{56}&type=magiclink&redirect_to=http://127.0.0.1:4321$`));
    const opened = await openLink(linkIn(mail));
    expect(opened.location.href.split('#')[0]).toBe('http://127.0.0.1:4321/');
    expect(opened.fragment.get('type')).toBe('magiclink');
  });

  it('changes an email after one confirmation, as GoTrue does when it autoconfirms, though both addresses get the link', async () => {
    const { client, email } = await signedInClient(backend);
    const next = uniqueEmail('moved');
    expect((await client.auth.updateUser({ email: next })).data.user).toMatchObject({ email, new_email: next });
    const toNew = await latestMailTo(backend.inboxUrl!, next);
    expect(toNew.Subject).toBe('Confirm your new email address');
    expect(toNew.Text).toContain(`Follow the link below to confirm ${next} as your new email address.`);
    expect(await mailsTo(backend.inboxUrl!, email)).toHaveLength(1);
    const opened = await openLink(linkIn(toNew));
    expect(opened.fragment.get('type')).toBe('email_change');
    expect((await client.auth.refreshSession()).data.user?.email).toBe(next);
  });
});

describe('Mailpit\'s API', () => {
  it('lists, reads (also `latest`), searches and deletes mail in Mailpit\'s shapes', async () => {
    const email = uniqueEmail('api');
    await post('recover', { email: (await signedInClient(backend, email)).email });
    const list = (await (await fetch(`${backend.inboxUrl}/api/v1/messages`)).json()) as Record<string, unknown> & { messages: Record<string, unknown>[] };
    expect(Object.keys(list).sort()).toEqual(['count', 'messages', 'messages_count', 'messages_unread', 'start', 'tags', 'total', 'unread']);
    const summary = list.messages.find((m) => (m.To as { Address: string }[])[0].Address === email)!;
    expect(Object.keys(summary).sort()).toEqual(
      ['Attachments', 'Bcc', 'Cc', 'Created', 'From', 'ID', 'MessageID', 'Read', 'ReplyTo', 'Size', 'Snippet', 'Subject', 'Tags', 'To', 'Username'].sort(),
    );
    expect(summary).toMatchObject({ Subject: 'Reset your password', Read: false, From: { Name: 'Admin', Address: 'admin@email.com' }, To: [{ Name: '', Address: email }] });
    expect(summary.Snippet).toMatch(/^Reset your password We received a request to reset your password/);
    expect(new Date(String(summary.Created)).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const message = (await (await fetch(`${backend.inboxUrl}/api/v1/message/${summary.ID}`)).json()) as Record<string, unknown>;
    expect(message).toMatchObject({ ID: summary.ID, Subject: 'Reset your password', To: [{ Name: '', Address: email }], Date: summary.Created });
    expect(String(message.HTML)).toContain('<h2>Reset your password</h2>');
    expect(String(message.Text)).toContain("If you didn't request this, you can safely ignore this email.");
    const latest = (await (await fetch(`${backend.inboxUrl}/api/v1/message/latest`)).json()) as Record<string, unknown>;
    expect(latest.ID).toBe(summary.ID);
    const after = (await (await fetch(`${backend.inboxUrl}/api/v1/messages`)).json()) as { messages: { ID: string; Read: boolean }[] };
    expect(after.messages.find((m) => m.ID === summary.ID)!.Read).toBe(true);

    const search = (await (await fetch(`${backend.inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:"${email}"`)}`)).json()) as { messages: { ID: string }[]; messages_count: number };
    expect(search.messages.map((m) => m.ID)).toEqual([summary.ID]);
    expect((await fetch(`${backend.inboxUrl}/api/v1/message/nope`)).status).toBe(404);

    const one = await fetch(`${backend.inboxUrl}/api/v1/messages`, { method: 'DELETE', body: JSON.stringify({ IDs: [summary.ID] }) });
    expect(one.status).toBe(200);
    expect(await mailsTo(backend.inboxUrl!, email)).toEqual([]);
    expect((await fetch(`${backend.inboxUrl}/api/v1/messages`, { method: 'DELETE' })).status).toBe(200);
    expect(((await (await fetch(`${backend.inboxUrl}/api/v1/messages`)).json()) as { total: number }).total).toBe(0);
  });

  it('shows the mail on a plain HTML page: no script, no style, a strict CSP, the link clickable', async () => {
    const email = uniqueEmail('page');
    await clientFor(backend).auth.signInWithOtp({ email });
    const mail = await latestMailTo(backend.inboxUrl!, email);
    const index = await fetch(`${backend.inboxUrl}/`);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('content-security-policy')).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    const html = await index.text();
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    expect(html).toContain(`<a href="/view/${mail.ID}">Your sign-in link</a>`);
    expect(html).toContain(email);
    const view = await (await fetch(`${backend.inboxUrl}/view/${mail.ID}`)).text();
    expect(view).not.toMatch(/<script|<style|\sstyle=/i);
    expect(view).toContain(`<a href="${linkIn(mail).replace(/&/g, '&amp;')}">`);
    // A page on another name that resolves to 127.0.0.1 (DNS rebinding) is refused.
    const rebound = await new Promise<number>((resolve, reject) => {
      const url = new URL(backend.inboxUrl!);
      http.get({ host: url.hostname, port: url.port, path: '/api/v1/messages', headers: { host: `evil.example:${url.port}` } }, (res) => resolve(res.statusCode!)).on('error', reject);
    });
    expect(rebound).toBe(403);
    const raw = await fetch(`${backend.inboxUrl}/view/${mail.ID}.html`);
    expect(raw.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    expect(await raw.text()).toBe(mail.HTML);
  });
});

describe('mail limits', () => {
  let limited: RunningBackend;
  beforeAll(async () => {
    limited = await startTestBackend({ enableConfirmations: true, rateLimit: {}, smtpEnabled: true });
  });
  afterAll(() => limited?.close());

  it('without SMTP (the local inbox alone) takes more mail than email_sent allows', async () => {
    const local = await startTestBackend({ enableConfirmations: true, rateLimit: {} });
    try {
      for (let i = 0; i < 4; i++) {
        const email = uniqueEmail('local-mail');
        const res = await fetch(`${local.apiUrl}/auth/v1/signup`, {
          method: 'POST',
          headers: { apikey: local.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'correct horse' }),
        });
        expect(res.status).toBe(200);
        expect((await latestMailTo(local.inboxUrl!, email)).Subject).toBe('Confirm your email address');
      }
    } finally {
      await local.close();
    }
  });

  it('with SMTP counts every mail against email_sent (2 an hour) with confirmations on, and a second mail of a kind within max_frequency is 429', async () => {
    const ask = (path: string, body: unknown) =>
      fetch(`${limited.apiUrl}/auth/v1/${path}`, { method: 'POST', headers: { apikey: limited.anonKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const email = uniqueEmail('limits');
    expect((await ask('otp', { email })).status).toBe(200);
    await limited.db.query(`update auth.users set email_confirmed_at = now() where email = $1`, [email]);
    expect((await ask('recover', { email })).status).toBe(200);
    const again = await ask('recover', { email });
    expect(again.status).toBe(429);
    expect(await again.json()).toMatchObject({ code: 429, error_code: 'over_email_send_rate_limit', msg: expect.stringMatching(/^For security purposes, you can only request this after [01] seconds\.$/) });
    const other = uniqueEmail('limits');
    const third = await ask('otp', { email: other });
    expect({ status: third.status, body: await third.json() }).toEqual({ status: 429, body: { code: 429, error_code: 'over_email_send_rate_limit', msg: 'email rate limit exceeded' } });
    expect(await mailsTo(limited.inboxUrl!, email)).toHaveLength(2);
    expect(await mailsTo(limited.inboxUrl!, other)).toEqual([]);
    expect((await limited.db.query(`select 1 from auth.users where email = $1`, [other])).rows).toEqual([]);
  });
});

describe('a data dir', () => {
  it('keeps the mail across restarts in mail.json (0600)', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-inbox-'));
    try {
      const first = await startBackend({ port: 0, dataDir, bcryptCost: 4, enableConfirmations: true });
      const email = uniqueEmail('kept');
      await clientFor(first).auth.signUp({ email, password: 'correct horse' });
      const mail = await latestMailTo(first.inboxUrl!, email);
      await first.close();
      expect(statSync(path.join(dataDir, 'mail.json')).mode & 0o777).toBe(0o600);
      const second = await startBackend({ port: 0, dataDir, bcryptCost: 4 });
      try {
        expect((await latestMailTo(second.inboxUrl!, email)).ID).toBe(mail.ID);
        expect(second.inboxUrl).not.toBe(first.inboxUrl);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
