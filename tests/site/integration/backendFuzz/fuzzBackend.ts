// Fuzz: every control character in every part of a request, then 1,200 bad
// requests from a fixed seed (fuzzRequests.ts), against `site backend`
// running this site's supabase/ as a real child process, on PGlite and on a
// PostgreSQL server (--db-url): one test file each (pglite.test.ts,
// postgres.test.ts). No answer may be a 5xx, every 4xx must have the error
// shape of its API, the process must stay up with bounded memory, and no row
// this site's forms would refuse may be stored. The `it`s run in order on one
// backend.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startPglite } from '../../../../generator/backend/startPglite.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { check, contactSchema, waitlistSchema } from '../../../../widgets/lib/forms.ts';
import { controlCharacterRequests, generateRequests, type Api, type FuzzKeys, type FuzzRequest } from './fuzzRequests.ts';
import { generateStorageRequests, storageControlCharacterRequests, TINY_PNG } from './fuzzStorageRequests.ts';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '../../../integration/backend/testPostgres.ts';

/** Fixed, so every run sends the same requests; SITE_FUZZ_SEED=<n> explores others. */
const SEED = Number(process.env.SITE_FUZZ_SEED ?? 0x5eed_2026);
const COUNT = 1200;
const STORAGE_COUNT = 600;
/** The fuzz project's buckets: a public one with files of objects_path, a private one, an image-only one. */
const STORAGE_CONFIG = `
[storage.image_transformation]
enabled = true

[storage.buckets.fuzz-public]
public = true
objects_path = "./fuzz-objects"

[storage.buckets.fuzz-private]
public = false

[storage.buckets.fuzz-images]
allowed_mime_types = ["image/png"]
file_size_limit = "64KiB"
`;
/** The child's RSS may grow by this much over the run (PGlite's WASM heap grows and never shrinks). */
const RSS_GROWTH_LIMIT_MB = 256;

const root = fileURLToPath(new URL('../../../..', import.meta.url));

interface Answer {
  status: number;
  text: string;
}

type Sent = Answer | { error: string };

/** One `site backend` child: its URL, keys and pid. */
interface Backend {
  child: ChildProcess;
  apiUrl: string;
  agent: http.Agent;
  anonKey: string;
  serviceRoleKey: string;
  /** What the child printed (its log of internal errors among it). */
  output: () => string;
}

/**
 * Sends one request over node:http (any method, raw bytes, any header node allows); `error` when no answer came.
 * A kept-alive socket the server closed as this request went out on it (EPIPE, ECONNRESET on a reused socket)
 * is no answer of the server's: the request is sent again once on a new connection, as Node's documentation
 * of `request.reusedSocket` advises a client; on a new connection any failure counts.
 */
function send(backend: Backend, request: Pick<FuzzRequest, 'method' | 'path' | 'headers' | 'body'>, fresh = false): Promise<Sent> {
  const url = new URL(backend.apiUrl);
  return new Promise((resolve) => {
    const agent = fresh ? false : backend.agent;
    const req = http.request({ host: url.hostname, port: url.port, agent, method: request.method, path: request.path, headers: request.headers, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString() }));
      res.on('error', (error) => resolve({ error: error.message }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer within 20 s')));
    req.on('error', (error: NodeJS.ErrnoException) => {
      const closedUnderIt = req.reusedSocket && (error.code === 'EPIPE' || error.code === 'ECONNRESET');
      if (closedUnderIt && !fresh) resolve(send(backend, request, true));
      else resolve({ error: `${error.message} (${fresh ? 'sent again on a new connection' : req.reusedSocket ? 'on a kept-alive connection' : 'on a new connection'})` });
    });
    req.end(request.body);
  });
}

/**
 * Sends one request over a raw socket, header values as latin1 bytes: node:http
 * refuses to send control characters in a header, and a client may still.
 */
function sendRaw(backend: Backend, request: Pick<FuzzRequest, 'method' | 'path' | 'headers' | 'body'>): Promise<Sent> {
  const url = new URL(backend.apiUrl);
  const lines = [`${request.method} ${request.path} HTTP/1.1`, `Host: ${url.host}`, 'Connection: close', `Content-Length: ${request.body?.length ?? 0}`];
  for (const [name, value] of Object.entries(request.headers)) for (const v of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${v}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    // Written, not ended: a half-closed socket may lose its answer; `Connection: close` ends it after the answer.
    const socket = net.connect({ host: url.hostname, port: Number(url.port) }, () => socket.write(request.body ? Buffer.concat([head, request.body]) : head));
    socket.setTimeout(20_000, () => socket.destroy(new Error('no answer within 20 s')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => resolve({ error: error.message }));
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(all.toString('latin1'));
      if (split < 0 || !status) return resolve({ error: `no HTTP answer: ${JSON.stringify(all.toString('latin1').slice(0, 100))}` });
      const headers = all.subarray(0, split).toString('latin1');
      let bodyBytes = all.subarray(split + 4);
      if (/^transfer-encoding:\s*chunked/im.test(headers)) {
        const parts: Buffer[] = [];
        for (let at = 0; ; ) {
          const eol = bodyBytes.indexOf('\r\n', at);
          const size = parseInt(bodyBytes.subarray(at, eol).toString(), 16);
          if (!(size > 0)) break;
          parts.push(bodyBytes.subarray(eol + 2, eol + 2 + size));
          at = eol + 2 + size + 2;
        }
        bodyBytes = Buffer.concat(parts);
      }
      resolve({ status: Number(status[1]), text: bodyBytes.toString() });
    });
  });
}

async function json(backend: Backend, method: string, pathname: string, headers: Record<string, string>, body?: unknown): Promise<Record<string, unknown>> {
  const answer = await send(backend, { method, path: pathname, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)) });
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
    case 'storage':
      return (typeof b.statusCode === 'string' || typeof b.statusCode === 'number') && typeof b.error === 'string' && typeof b.message === 'string';
    default:
      return typeof b.message === 'string';
  }
}

/**
 * Sends `requests` four at a time; returns what broke the rules (no answer, a
 * 5xx, a 4xx body not in its API's shape) and the answers' classes per endpoint.
 */
async function fuzz(backend: Backend, requests: Array<FuzzRequest & { raw?: boolean }>): Promise<{ offenders: string[]; table: Array<Record<string, string | number>> }> {
  const offenders: string[] = [];
  const counts = new Map<string, Record<string, number>>();
  let next = 0;
  async function worker() {
    while (next < requests.length) {
      const request = requests[next++];
      const answer = await (request.raw ? sendRaw : send)(backend, request);
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
  const sent = table.reduce((sum, row) => sum + Object.values(row).filter((v) => typeof v === 'number').reduce((a, b) => a + (b as number), 0), 0);
  expect(sent).toBe(requests.length);
  return { offenders, table };
}

/** The offenders, and the end of the backend's output (where a 5xx's cause is logged). */
function withLog(offenders: string[], backend: Backend): string {
  return `${offenders.join('\n')}\n--- backend output ---\n${backend.output().slice(-6000)}`;
}

/** The fuzz on one engine: PGlite, or the PostgreSQL server of SITE_TEST_DATABASE_URL (skipped without one). */
export function fuzzBackend(engine: 'PGlite' | 'PostgreSQL'): void {
  describe(`fuzzing the running backend on ${engine}`, () => fuzzSuite(engine, engine === 'PostgreSQL' ? postgresUnavailable() : null));
}

function fuzzSuite(engine: 'PGlite' | 'PostgreSQL', skip: string | null): void {
  if (skip) {
    it.skip(`skipped: ${skip}`, () => {});
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-backend-fuzz-'));
  const project = mkdtempSync(path.join(os.tmpdir(), 'site-backend-fuzz-project-'));
  let database: TestDatabase | null = null;
  let backend: Backend;
  let keys: FuzzKeys;
  let rssBefore = NaN;

  beforeAll(async () => {
    // The project's supabase/ with confirmations off: the fuzz needs three signed-in users at once, and
    // with confirmations on their mails would pass [auth.rate_limit] email_sent (2 an hour).
    mkdirSync(path.join(project, 'supabase'));
    const config = readFileSync(path.join(root, 'supabase', 'config.toml'), 'utf8').replace(/^enable_confirmations = true$/m, 'enable_confirmations = false');
    expect(config).toMatch(/^enable_confirmations = false$/m);
    writeFileSync(path.join(project, 'supabase', 'config.toml'), config + STORAGE_CONFIG);
    mkdirSync(path.join(project, 'supabase', 'fuzz-objects', 'a'), { recursive: true });
    writeFileSync(path.join(project, 'supabase', 'fuzz-objects', 'logo.png'), TINY_PNG);
    writeFileSync(path.join(project, 'supabase', 'fuzz-objects', 'a', 'b.png'), TINY_PNG);
    for (const name of ['migrations', 'functions', 'seed.sql']) symlinkSync(path.join(root, 'supabase', name), path.join(project, 'supabase', name));
    if (engine === 'PostgreSQL') database = await createTestDatabase();
    const args = [path.join(root, 'bin', 'site.js'), 'backend', '--port', '0', '--data-dir', dataDir, ...(database ? ['--db-url', database.url] : [])];
    const child = spawn(process.execPath, args, { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
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
    backend = { child, apiUrl: printed[1], anonKey: printed[2], serviceRoleKey: printed[3], agent: new http.Agent({ keepAlive: true, maxSockets: 4 }), output: () => output };
  }, 60_000);

  afterAll(async () => {
    backend?.agent.destroy();
    if (backend && backend.child.exitCode === null) {
      await new Promise<void>((resolve) => {
        backend.child.once('exit', () => resolve());
        backend.child.kill('SIGKILL');
      });
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(project, { recursive: true, force: true });
  });

  it('answers a control character in any part of a REST or auth request with a 4xx in the shape of its API, never a 5xx', async () => {
    keys = await fuzzKeys(backend);
    rssBefore = rssMb(backend.child.pid!);
    const requests = controlCharacterRequests(keys);
    const { offenders, table } = await fuzz(backend, requests);
    console.log(`fuzz (${engine}): ${requests.length} control-character requests, ${offenders.length} offenders`);
    console.table(table.filter((row) => Object.keys(row).some((k) => k !== 'endpoint' && k !== '2xx' && k !== '4xx')));
    expect(offenders, withLog(offenders, backend)).toEqual([]);
  }, 120_000);

  it(`answers ${COUNT} bad requests without a 5xx, every 4xx in the shape of its API`, async () => {
    const requests = generateRequests(SEED, COUNT, keys);
    const { offenders, table } = await fuzz(backend, requests);
    console.log(`fuzz (${engine}): ${requests.length} requests (seed ${SEED}), ${offenders.length} offenders`);
    console.table(table);
    expect(offenders, withLog(offenders, backend)).toEqual([]);
  }, 90_000);

  it('answers a control character in any part of a storage request with a 4xx in the storage shape, never a 5xx', async () => {
    const requests = storageControlCharacterRequests(keys);
    const { offenders, table } = await fuzz(backend, requests);
    console.log(`fuzz (${engine}): ${requests.length} control-character storage requests, ${offenders.length} offenders`);
    console.table(table.filter((row) => Object.keys(row).some((k) => k !== 'endpoint' && k !== '2xx' && k !== '4xx')));
    expect(offenders, withLog(offenders, backend)).toEqual([]);
  }, 120_000);

  it(`answers ${STORAGE_COUNT} bad storage requests without a 5xx, every 4xx in the storage shape`, async () => {
    const requests = generateStorageRequests(SEED, STORAGE_COUNT, keys);
    const { offenders, table } = await fuzz(backend, requests);
    console.log(`fuzz (${engine}): ${requests.length} storage requests (seed ${SEED}), ${offenders.length} offenders`);
    console.table(table);
    expect(offenders, withLog(offenders, backend)).toEqual([]);
  }, 120_000);

  it('is still up and answering afterwards, with bounded memory', async () => {
    expect(backend.child.exitCode).toBeNull();
    expect(await json(backend, 'GET', '/', {})).toMatchObject({ ok: true });
    expect(await json(backend, 'POST', '/rest/v1/rpc/waitlist_count', { apikey: keys.anonKey })).toEqual(expect.any(Number));
    const rssAfter = rssMb(backend.child.pid!);
    console.log(`fuzz (${engine}): child RSS ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB after`);
    expect(rssAfter - rssBefore).toBeLessThan(RSS_GROWTH_LIMIT_MB);
  });

  it('stored no contact or waitlist row the forms would refuse (read as the database owner)', async () => {
    await new Promise<void>((resolve) => {
      backend.child.once('exit', () => resolve());
      backend.child.kill('SIGTERM');
    });
    const query = await ownerQuery(database, dataDir);
    try {
      const refused: string[] = [];
      const contacts = await query.rows<Record<string, string | null>>('select name, email, company, message from public.contact_submissions');
      for (const row of contacts) {
        // The form trims what it sends; a client skipping it may store untrimmed text, but nothing the form refuses.
        const { values } = check(contactSchema, { ...row, company: row.company ?? '' });
        if (!values) refused.push(`contact_submissions ${JSON.stringify(row).slice(0, 300)}`);
      }
      const waitlist = await query.rows<Record<string, string | boolean>>('select name, email, favorite_part, desired_features, willing_to_give_feedback from public.waitlist');
      for (const row of waitlist) {
        const { values } = check(waitlistSchema, row);
        if (!values) refused.push(`waitlist ${JSON.stringify(row).slice(0, 300)}`);
      }
      console.log(`fuzz (${engine}): ${contacts.length} contact_submissions and ${waitlist.length} waitlist rows stored`);
      expect(refused, `rows the forms would refuse:\n${refused.join('\n')}`).toEqual([]);
    } finally {
      await query.close();
    }
  }, 30_000);
}

/** Queries as the database owner: the PostgreSQL server's database, or the PGlite data dir once the backend has stopped. */
async function ownerQuery(database: TestDatabase | null, dataDir: string): Promise<{ rows<T>(sql: string): Promise<T[]>; close(): Promise<void> }> {
  if (database) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    return { rows: async <T,>(sql: string) => (await client.query(sql)).rows as T[], close: () => client.end() };
  }
  const db = await startPglite({ dataDir: path.join(dataDir, 'pgdata') });
  return { rows: async <T,>(sql: string) => (await db.query<T>(sql)).rows, close: () => db.close() };
}

/** Two signed-in users and an admin (granted over the service-role endpoint `site admin grant` uses), with their tokens. */
async function fuzzKeys(backend: Backend): Promise<FuzzKeys> {
  const signUp = (email: string) => json(backend, 'POST', '/auth/v1/signup', { apikey: backend.anonKey }, { email, password: 'correct horse' });
  const user = await signUp('fuzz.user@example.com');
  const spare = await signUp('fuzz.spare@example.com');
  const admin = await signUp('fuzz.admin@example.com');
  await json(backend, 'POST', '/_site/v1/admin-roles', { authorization: `Bearer ${backend.serviceRoleKey}` }, { email: 'fuzz.admin@example.com', admin: true });
  return {
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    userToken: String(user.access_token),
    adminToken: String(admin.access_token),
    spareToken: String(spare.access_token),
    refreshToken: String(spare.refresh_token),
  };
}
