// Twenty sign-ups of one new address sent at once, with the project's
// [auth.email] max_frequency of one second and GoTrue's bcrypt cost: one
// confirmation mail, on PGlite and on a PostgreSQL server, however long the
// passwords take to hash and the requests wait for each other. The requests
// come from another process, as a visitor's would, each on a connection of
// its own opened beforehand, so that they reach the backend together.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { ENGINES } from '../testEngines.ts';
import { uniqueEmail } from '../testClients.ts';
import { mailsTo } from '../testInbox.ts';

const CONCURRENT = 20;
/** A child process's script: opens `count` connections (one health check each), then sends a sign-up on each at once. */
const BURST = `
const [url, key, email, count] = process.argv.slice(1);
const http = await import('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(count) });
const send = (method, route, body) => new Promise((resolve, reject) => {
  const req = http.request(url + route, { method, agent, headers: { apikey: key, 'content-type': 'application/json' } }, (res) => {
    let text = '';
    res.on('data', (d) => (text += d)).on('end', () => resolve({ status: res.statusCode, body: JSON.parse(text) }));
  });
  req.on('error', reject);
  req.end(body);
});
const n = Number(count);
await Promise.all(Array.from({ length: n }, () => send('GET', '/auth/v1/health')));
const answers = await Promise.all(Array.from({ length: n }, () => send('POST', '/auth/v1/signup', JSON.stringify({ email, password: 'correct horse' }))));
process.stdout.write(JSON.stringify(answers));
`;
let project: string;

beforeAll(() => {
  project = mkdtempSync(path.join(os.tmpdir(), 'site-signup-burst-'));
  mkdirSync(path.join(project, 'supabase'));
  const config = readFileSync('supabase/config.toml', 'utf8');
  expect(config).toMatch(/^max_frequency = "1s"$/m);
  writeFileSync(path.join(project, 'supabase', 'config.toml'), config);
  symlinkSync(path.resolve('supabase/migrations'), path.join(project, 'supabase', 'migrations'));
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe.each(ENGINES)('$name', (engine) => {
  let backend: RunningBackend;
  beforeAll(async () => {
    if (engine.skip) return;
    backend = await engine.start({ supabaseDir: path.join(project, 'supabase'), enableConfirmations: true, bcryptCost: 10 });
  }, 60_000);
  afterAll(() => backend?.close());

  /** The answers' statuses and bodies of `count` sign-ups of `email` sent together from a child process. */
  const sendTogether = async (email: string, count: number) => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', BURST, backend.apiUrl, backend.anonKey, email, String(count)]);
    return JSON.parse(stdout) as { status: number; body: Record<string, unknown> }[];
  };

  it.skipIf(engine.skip)(`mails one confirmation for ${CONCURRENT} sign-ups of a new address sent at once, burst after burst`, { timeout: 120_000 }, async () => {
    // The first burst meets a backend that has just started; the second one a warm one.
    for (const burst of ['first', 'second']) {
      const email = uniqueEmail(`burst-${burst}`);
      const answers = await sendTogether(email, CONCURRENT);
      expect(await mailsTo(backend.inboxUrl!, email), `${burst} burst`).toHaveLength(1);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const refused of answers.filter((a) => a.status !== 200)) {
        expect(refused.status).toBe(429);
        expect(refused.body).toMatchObject({ code: 429, error_code: 'over_email_send_rate_limit' });
      }
    }
  });
});
