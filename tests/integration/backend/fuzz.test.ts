// Fuzz: 1,200 bad requests from a fixed seed (fuzzRequests.ts) against
// `site backend` running as a real child process. No answer may be a 5xx,
// every 4xx must have the error shape of its API, the process must stay up
// with bounded memory, and no row the forms would refuse may be stored. The
// three `it`s run in order on one backend.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, contactSchema, waitlistSchema } from '../../../widgets/lib/forms.ts';
import { generateRequests, type Api, type FuzzKeys, type FuzzRequest } from './fuzzRequests.ts';

/** Fixed, so every run sends the same requests; SITE_FUZZ_SEED=<n> explores others. */
const SEED = Number(process.env.SITE_FUZZ_SEED ?? 0x5eed_2026);
const COUNT = 1200;
/** The child's RSS may grow by this much over the run (PGlite's WASM heap grows and never shrinks). */
const RSS_GROWTH_LIMIT_MB = 256;

const root = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-backend-fuzz-'));
const project = mkdtempSync(path.join(os.tmpdir(), 'site-backend-fuzz-project-'));
let child: ChildProcess;
let apiUrl = '';
let apiKeys = { anonKey: '', serviceRoleKey: '' };
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

interface Answer {
  status: number;
  text: string;
}

/** Sends one request over node:http (any method, raw bytes, any header node allows); `error` when no answer came. */
function send(request: Pick<FuzzRequest, 'method' | 'path' | 'headers' | 'body'>): Promise<Answer | { error: string }> {
  const url = new URL(apiUrl);
  return new Promise((resolve) => {
    const req = http.request({ host: url.hostname, port: url.port, agent, method: request.method, path: request.path, headers: request.headers, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString() }));
      res.on('error', (error) => resolve({ error: error.message }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 20 s')));
    req.on('error', (error) => resolve({ error: error.message }));
    req.end(request.body);
  });
}

async function json(method: string, pathname: string, headers: Record<string, string>, body?: unknown): Promise<Record<string, unknown>> {
  const answer = await send({ method, path: pathname, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)) });
  if ('error' in answer || answer.status >= 300) throw new Error(`${method} ${pathname}: ${JSON.stringify(answer)}`);
  return JSON.parse(answer.text) as Record<string, unknown>;
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

const gatewayShape = (b: Record<string, unknown>) => typeof b.message === 'string' && Object.keys(b).every((k) => k === 'message' || k === 'hint');

/** Does a 4xx body have the error shape of its API? (The gateway's `{ message }` for API keys and unknown routes is allowed on all.) */
function hasShape(api: Api, status: number, b: Record<string, unknown>): boolean {
  if (gatewayShape(b)) return true;
  switch (api) {
    case 'rest':
      return Object.keys(b).sort().join() === 'code,details,hint,message' && typeof b.code === 'string' && typeof b.message === 'string';
    case 'auth':
      return b.code === status && typeof b.error_code === 'string' && typeof b.msg === 'string';
    case 'functions':
      return typeof b.error === 'string' || (typeof b.code === 'string' && typeof b.message === 'string');
    default:
      return typeof b.message === 'string';
  }
}

beforeAll(async () => {
  // The project's supabase/ with confirmations off: the fuzz needs three signed-in users at once, and
  // with confirmations on their mails would pass [auth.rate_limit] email_sent (2 an hour).
  mkdirSync(path.join(project, 'supabase'));
  const config = readFileSync(path.join(root, 'supabase', 'config.toml'), 'utf8').replace(/^enable_confirmations = true$/m, 'enable_confirmations = false');
  expect(config).toMatch(/^enable_confirmations = false$/m);
  writeFileSync(path.join(project, 'supabase', 'config.toml'), config);
  for (const name of ['migrations', 'functions', 'seed.sql']) symlinkSync(path.join(root, 'supabase', name), path.join(project, 'supabase', name));
  child = spawn(process.execPath, [path.join(root, 'bin', 'site.js'), 'backend', '--port', '0', '--data-dir', dataDir], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  // `site backend` prints the API URL and both keys once it listens.
  const printed = await new Promise<RegExpExecArray>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const match = /API URL\s+(\S+)\s+anon key\s+(\S+)\s+service_role key\s+(\S+)\s/.exec(output);
      if (match) resolve(match);
    });
    child.on('exit', (code) => reject(new Error(`site backend exited (${code}):\n${output}`)));
  });
  apiUrl = printed[1];
  apiKeys = { anonKey: printed[2], serviceRoleKey: printed[3] };
}, 60_000);

afterAll(async () => {
  agent.destroy();
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(project, { recursive: true, force: true });
});

describe('fuzzing the running backend', () => {
  let keys: FuzzKeys;
  let rssBefore = NaN;

  it(`answers ${COUNT} bad requests without a 5xx, every 4xx in the shape of its API`, async () => {
    keys = await fuzzKeys();
    rssBefore = rssMb(child.pid!);

    const requests = generateRequests(SEED, COUNT, keys);
    const offenders: string[] = [];
    const counts = new Map<string, Record<string, number>>();
    let next = 0;
    async function worker() {
      while (next < requests.length) {
        const request = requests[next++];
        const answer = await send(request);
        const describe = () => `${request.method} ${request.path.slice(0, 200)} body=${JSON.stringify(request.body?.subarray(0, 200).toString() ?? null)} headers=${JSON.stringify(request.headers).slice(0, 300)}`;
        const klass = 'error' in answer ? 'no answer' : `${String(answer.status)[0]}xx`;
        const row = counts.get(request.endpoint) ?? {};
        row[klass] = (row[klass] ?? 0) + 1;
        counts.set(request.endpoint, row);
        if ('error' in answer) {
          offenders.push(`no answer (${answer.error}): ${describe()}`);
        } else if (answer.status >= 500) {
          offenders.push(`${answer.status} ${answer.text.slice(0, 200)}: ${describe()}`);
        } else if (answer.status >= 400 && request.method !== 'HEAD') {
          let body: unknown = null;
          try {
            body = JSON.parse(answer.text);
          } catch {
            // not JSON: reported below
          }
          if (typeof body !== 'object' || body === null || !hasShape(request.api, answer.status, body as Record<string, unknown>)) {
            offenders.push(`${answer.status} in the wrong shape for ${request.api} (${answer.text.slice(0, 200)}): ${describe()}`);
          }
        }
      }
    }
    await Promise.all([worker(), worker(), worker(), worker()]);

    const table = [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([endpoint, row]) => ({ endpoint, ...row }));
    console.log(`fuzz: ${requests.length} requests (seed ${SEED})`);
    console.table(table);
    expect(offenders, offenders.join('\n')).toEqual([]);
    expect(table.reduce((sum, row) => sum + Object.values(row).filter((v) => typeof v === 'number').reduce((a, b) => a + (b as number), 0), 0)).toBe(COUNT);
  }, 90_000);

  it('is still up and answering afterwards, with bounded memory', async () => {
    expect(child.exitCode).toBeNull();
    expect(await json('GET', '/', {})).toMatchObject({ ok: true });
    expect(await json('POST', '/rest/v1/rpc/waitlist_count', { apikey: keys.anonKey })).toEqual(expect.any(Number));
    const rssAfter = rssMb(child.pid!);
    console.log(`fuzz: child RSS ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB after`);
    expect(rssAfter - rssBefore).toBeLessThan(RSS_GROWTH_LIMIT_MB);
  });

  it('stored no contact or waitlist row the forms would refuse (read as the database owner)', async () => {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
    try {
      const refused: string[] = [];
      const contacts = (await db.query<Record<string, string | null>>('select name, email, company, message from public.contact_submissions')).rows;
      for (const row of contacts) {
        // The form trims what it sends; a client skipping it may store untrimmed text, but nothing the form refuses.
        const { values } = check(contactSchema, { ...row, company: row.company ?? '' });
        if (!values) refused.push(`contact_submissions ${JSON.stringify(row).slice(0, 300)}`);
      }
      const waitlist = (await db.query<Record<string, string | boolean>>('select name, email, favorite_part, desired_features, willing_to_give_feedback from public.waitlist')).rows;
      for (const row of waitlist) {
        const { values } = check(waitlistSchema, row);
        if (!values) refused.push(`waitlist ${JSON.stringify(row).slice(0, 300)}`);
      }
      console.log(`fuzz: ${contacts.length} contact_submissions and ${waitlist.length} waitlist rows stored`);
      expect(refused, `rows the forms would refuse:\n${refused.join('\n')}`).toEqual([]);
    } finally {
      await db.close();
    }
  }, 30_000);
});

/** Two signed-in users and an admin (granted over the service-role endpoint `site admin grant` uses), with their tokens. */
async function fuzzKeys(): Promise<FuzzKeys> {
  const signUp = (email: string) => json('POST', '/auth/v1/signup', { apikey: apiKeys.anonKey }, { email, password: 'correct horse' });
  const user = await signUp('fuzz.user@example.com');
  const spare = await signUp('fuzz.spare@example.com');
  const admin = await signUp('fuzz.admin@example.com');
  await json('POST', '/_site/v1/admin-roles', { authorization: `Bearer ${apiKeys.serviceRoleKey}` }, { email: 'fuzz.admin@example.com', admin: true });
  return {
    ...apiKeys,
    userToken: String(user.access_token),
    adminToken: String(admin.access_token),
    spareToken: String(spare.access_token),
    refreshToken: String(spare.refresh_token),
  };
}
