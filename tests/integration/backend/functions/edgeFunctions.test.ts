// /functions/v1/<name> serves any folder supabase/functions/<name>/ with an
// index.ts under real Deno, as `supabase functions serve` does: one process
// per function started on its first request, the edge runtime's variables,
// the gateway's checks, Supabase's errors when the function fails or goes
// past its memory limit, reads limited to its own folder, and no process
// left once the backend stops.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFunctionRunner } from '../../../../generator/backend/functions/createFunctionRunner.ts';
import { findFunction } from '../../../../generator/backend/functions/functionsConfig.ts';
import { startTestBackend } from '../../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { DENO, denoProcesses, readCmdline } from './denoProcesses.ts';

const FUNCTIONS: Record<string, string> = {
  // Tells what it got: method, path, query, a header, the body, its variables and pid.
  echo: `Deno.serve(async (req) => {
    const url = new URL(req.url);
    const env = Object.fromEntries(['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_PUBLISHABLE_KEYS', 'SUPABASE_SECRET_KEYS', 'SUPABASE_JWKS', 'SUPABASE_DB_URL', 'FROM_ENV_FILE', 'HOME_SECRET'].map((k) => [k, Deno.env.get(k) ?? null]));
    return Response.json({ version: 1, method: req.method, path: url.pathname, query: url.search, custom: req.headers.get('x-custom'), body: await req.text(), env, pid: Deno.pid }, { status: 201, headers: [['x-from-function', 'yes'], ['set-cookie', 'a=1; Path=/'], ['set-cookie', 'b=2; Path=/']] });
  });`,
  // Needs no JWT ([functions.open] verify_jwt = false), and names a port of its own, which DENO_SERVE_ADDRESS overrides.
  open: `Deno.serve({ port: 8000, onListen() {} }, () => new Response('open'));`,
  crash: `Deno.serve(() => Deno.exit(3));`,
  broken: `throw new Error('broken at start');\nDeno.serve(() => new Response('never'));`,
  // Writes 'first', then 'second' only once a request to /stream/release (served by the same process) lets it.
  stream: `let release: (() => void) | null = null;
  Deno.serve((req) => {
    if (new URL(req.url).pathname.endsWith('/release')) {
      const waiting = release;
      release = null;
      waiting?.();
      return new Response(waiting ? 'released' : 'nothing waits');
    }
    return new Response(new ReadableStream({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode('first\\n'));
        await new Promise<void>((resolve) => (release = resolve));
        controller.enqueue(new TextEncoder().encode('second\\n'));
        controller.close();
      },
    }));
  });`,
  // Holds memory until it has 'max' MB more (then answers 200 with what it holds), logging Deno.memoryUsage() as it grows:
  // kind=heap grows V8's heap (arrays), kind=buffer ArrayBuffers outside it (written, so resident).
  hog: `Deno.serve((req) => {
    const url = new URL(req.url);
    const kind = url.searchParams.get('kind');
    const max = Number(url.searchParams.get('max') ?? 0) * 1024 * 1024;
    const held: unknown[] = [];
    let total = 0;
    while (total < max) {
      if (kind === 'heap') {
        held.push(new Array(1_000_000).fill(total));
        total += 8_000_000;
      } else {
        held.push(new Uint8Array(8 << 20).fill(1));
        total += 8 << 20;
      }
      const m = Deno.memoryUsage();
      console.log('hog holds', JSON.stringify({ pid: Deno.pid, rss: m.rss, heapUsed: m.heapUsed, external: m.external }));
    }
    return Response.json({ held: held.length, pid: Deno.pid });
  });`,
  // Reads the file named by ?file= (relative to its folder) and writes and reads one in its temporary folder.
  peek: `Deno.serve(async (req) => {
    const file = new URL(req.url).searchParams.get('file');
    if (file) return new Response(await Deno.readTextFile(new URL(file, import.meta.url)));
    const temp = await Deno.makeTempFile();
    await Deno.writeTextFile(temp, 'scratch');
    return new Response(await Deno.readTextFile(temp));
  });`,
  disabled: `Deno.serve(() => new Response('should not run'));`,
  // Never answers.
  slow: `Deno.serve(() => new Promise<Response>(() => {}));`,
};

const CONFIG = `[api]\nport = 54321\n\n[functions.open]\nverify_jwt = false\n\n[functions.disabled]\nenabled = false\n\n[functions.small]\nentrypoint = "./functions/hog/index.ts"\nmemory_limit_mb = 64\n`;

const denoChildren = () => denoProcesses();
if (!DENO && process.env.CI === 'true') throw new Error('CI needs Deno (the deno package of devDependencies) for the edge functions.');

describe.skipIf(!DENO)('edge functions under Deno', () => {
  let backend: RunningBackend;
  let supabaseDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    supabaseDir = mkdtempSync(path.join(os.tmpdir(), 'site-functions-'));
    symlinkSync(path.resolve('supabase/migrations'), path.join(supabaseDir, 'migrations'));
    writeFileSync(path.join(supabaseDir, 'config.toml'), CONFIG);
    for (const [name, code] of Object.entries(FUNCTIONS)) {
      mkdirSync(path.join(supabaseDir, 'functions', name), { recursive: true });
      writeFileSync(path.join(supabaseDir, 'functions', name, 'index.ts'), code);
    }
    writeFileSync(path.join(supabaseDir, 'functions', '.env'), 'FROM_ENV_FILE="from .env" # a comment\nSUPABASE_URL=http://not-this\n');
    backend = await startTestBackend({ supabaseDir, log: (line) => lines.push(line) });
  });
  afterAll(async () => {
    await backend?.close();
    rmSync(supabaseDir, { recursive: true, force: true });
  });

  const call = (name: string, init: RequestInit & { token?: string | null } = {}) =>
    fetch(`${backend.apiUrl}/functions/v1/${name}`, {
      method: 'POST',
      ...init,
      headers: {
        apikey: backend.anonKey,
        ...(init.token === null ? {} : { Authorization: `Bearer ${init.token ?? backend.anonKey}` }),
        ...(init.headers as Record<string, string>),
      },
    });

  it('passes method, path after the name, query, headers and body on, and the answer back; first and later calls timed', async () => {
    let started = performance.now();
    const first = await call('echo/a/b?x=1&y=%20', { body: 'hello', headers: { 'x-custom': 'c' } });
    const firstMs = performance.now() - started;
    expect(first.status).toBe(201);
    expect(first.headers.get('x-from-function')).toBe('yes');
    expect(first.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    const body = await first.json();
    expect(body).toMatchObject({ method: 'POST', path: '/echo/a/b', query: '?x=1&y=%20', custom: 'c', body: 'hello' });
    const times: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      started = performance.now();
      const again = await call('echo', { method: 'GET' });
      expect(await again.json()).toMatchObject({ method: 'GET', path: '/echo', body: '', pid: body.pid });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`edge function: first call ${firstMs.toFixed(0)} ms (Deno starts), then median ${times[10].toFixed(1)} ms per call`);
  });

  it("gives the edge runtime's variables: the backend's URL and keys, its JWKS, and functions/.env (no database URL on PGlite)", async () => {
    const { env } = await (await call('echo')).json();
    const jwks = await (await fetch(`${backend.apiUrl}/auth/v1/.well-known/jwks.json`)).json();
    expect(JSON.parse(env.SUPABASE_JWKS)).toEqual(jwks);
    expect(jwks.keys).toHaveLength(1);
    expect(env).toEqual({
      SUPABASE_URL: backend.apiUrl,
      SUPABASE_ANON_KEY: backend.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: backend.publishableKey }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: backend.secretKey }),
      SUPABASE_JWKS: env.SUPABASE_JWKS,
      SUPABASE_DB_URL: null,
      FROM_ENV_FILE: 'from .env',
      HOME_SECRET: null,
    });
  });

  it('checks the apikey, and the JWT unless verify_jwt = false', async () => {
    expect((await fetch(`${backend.apiUrl}/functions/v1/echo`, { method: 'POST' })).status).toBe(401);
    const none = await call('echo', { token: null });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ code: 'UNAUTHORIZED_NO_AUTH_HEADER', message: 'Missing authorization header' });
    const forged = await call('echo', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl' });
    expect(await forged.json()).toEqual({ code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT' });
    const basic = await call('echo', { token: null, headers: { Authorization: 'Basic abc' } });
    expect(await basic.json()).toEqual({ code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: "Auth header is not 'Bearer {token}'" });
    const open = await call('open', { token: null });
    expect(open.status).toBe(200);
    expect(await open.text()).toBe('open');
  });

  it('takes the publishable key as the apikey and a signed-in user\'s ES256 token as the JWT; a publishable key as the bearer is no JWT', async () => {
    const response = await fetch(`${backend.apiUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: backend.publishableKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `functions.${Date.now()}@example.com`, password: 'correct horse' }),
    });
    const { access_token: token } = await response.json();
    expect(JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'ES256', kid: expect.any(String) });
    const signedIn = await call('echo', { token, headers: { apikey: backend.publishableKey } });
    expect(signedIn.status).toBe(201);
    const keyAsBearer = await call('echo', { token: backend.publishableKey, headers: { apikey: backend.publishableKey } });
    expect(keyAsBearer.status).toBe(401);
    expect(await keyAsBearer.json()).toEqual({ code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT' });
    expect((await call('open', { token: null, headers: { apikey: backend.publishableKey } })).status).toBe(200);
  });

  it('404 NOT_FOUND for an unknown, disabled or badly named function', async () => {
    for (const name of ['nope', 'disabled', '-bad', '']) {
      const response = await call(name);
      expect(response.status, name).toBe(404);
      expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    }
  });

  it('503 BOOT_ERROR for a function that fails at start, with its error in the log', async () => {
    const response = await call('broken');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' });
    expect(lines.join('\n')).toContain('broken at start');
  });

  it('500 WORKER_ERROR for a function that exits while answering, and it starts again on the next call', async () => {
    for (let i = 0; i < 2; i += 1) {
      const response = await call('crash');
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' });
    }
  });

  it('546 WORKER_LIMIT for a function that does not answer in time (it is restarted), 503 BOOT_ERROR without Deno', async () => {
    const slow = findFunction(supabaseDir, {}, 'slow')!;
    const runner = createFunctionRunner({ env: () => ({}), log: () => {}, requestTimeoutMs: 500 });
    try {
      const response = await runner.fetch(slow, new Request('http://127.0.0.1/functions/v1/slow'), '');
      expect(response.status).toBe(546);
      expect(await response.json()).toEqual({ code: 'WORKER_LIMIT', message: 'Worker failed to respond due to a resource limit (please check logs)' });
    } finally {
      await runner.stop();
    }
    const noDeno = createFunctionRunner({ env: () => ({}), log: () => {}, deno: null });
    expect((await noDeno.fetch(slow, new Request('http://127.0.0.1/functions/v1/slow'), '')).status).toBe(503);
  });

  it('streams the answer: the first chunk arrives while the function still waits to write the second', async () => {
    const response = await call('stream');
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('first\n');
    // Only now is the function let go: had the answer been buffered, the read above would never have returned.
    const release = await call('stream/release');
    expect(await release.text()).toBe('released');
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('second\n');
  });

  /** The hog's pid and the largest Deno.memoryUsage() it logged (MB) since `from` lines. */
  function peakLogged(from: number): { pid: number; rss: number; heapUsed: number; external: number } {
    const seen = lines.slice(from).flatMap((line) => (/hog holds (\{.*\})/.exec(line) ? [JSON.parse(/hog holds (\{.*\})/.exec(line)![1])] : []));
    const max = (key: 'rss' | 'heapUsed' | 'external') => Math.round(Math.max(0, ...seen.map((m) => m[key])) / (1024 * 1024));
    return { pid: seen[0]?.pid, rss: max('rss'), heapUsed: max('heapUsed'), external: max('external') };
  }

  it("546 WORKER_LIMIT for a function past hosted Supabase's 256 MB (V8's heap), and the next request starts a fresh process", async () => {
    const from = lines.length;
    const response = await call('hog?kind=heap&max=1024');
    expect(response.status).toBe(546);
    expect(await response.json()).toEqual({ code: 'WORKER_LIMIT', message: 'Worker failed to respond due to a resource limit (please check logs)' });
    // V8 stops it at its heap limit, or the resident memory watch first, whichever comes first.
    expect(lines.slice(from).join('\n')).toMatch(/heap reached the limit of 256 MB|past the limit of 256 MB/);
    const peak = peakLogged(from);
    console.log(`memory limit 256 MB (heap): last logged before the stop: heap ${peak.heapUsed} MB, resident ${peak.rss} MB`);
    expect(peak.heapUsed).toBeLessThanOrEqual(256);
    expect(() => process.kill(peak.pid, 0)).toThrow();
    const fresh = await call('hog?kind=heap&max=8');
    expect(fresh.status).toBe(200);
    expect((await fresh.json()).pid).not.toBe(peak.pid);
  });

  it('546 WORKER_LIMIT for memory outside the heap (ArrayBuffers) past the limit, here memory_limit_mb = 64 of config.toml', async () => {
    const from = lines.length;
    const response = await call('small?kind=buffer&max=1024');
    expect(response.status).toBe(546);
    expect(await response.json()).toEqual({ code: 'WORKER_LIMIT', message: 'Worker failed to respond due to a resource limit (please check logs)' });
    expect(lines.slice(from).join('\n')).toMatch(/past the limit of 64 MB/);
    const peak = peakLogged(from);
    console.log(`memory limit 64 MB (buffers): last logged before the stop: external ${peak.external} MB, resident ${peak.rss} MB`);
    expect(peak.external).toBeLessThan(1024);
    expect(() => process.kill(peak.pid, 0)).toThrow();
    const fresh = await call('small?kind=buffer&max=16');
    expect(fresh.status).toBe(200);
    expect((await fresh.json()).pid).not.toBe(peak.pid);
  });

  it("reads only its own folder (and its temporary one): another function's file or functions/.env is a permission error", async () => {
    const own = await call('peek?file=./index.ts');
    expect(own.status).toBe(200);
    expect(await own.text()).toBe(FUNCTIONS.peek);
    const scratch = await call('peek');
    expect(await scratch.text()).toBe('scratch');
    for (const file of ['../echo/index.ts', '../.env', '../../config.toml']) {
      const from = lines.length;
      const response = await call(`peek?file=${encodeURIComponent(file)}`);
      expect(response.status, file).toBe(500);
      expect(await response.text(), file).toBe('Internal Server Error');
      expect(lines.slice(from).join('\n'), file).toContain('Requires read access');
    }
  });

  it('serves the new code after the function file changes', async () => {
    const before = await (await call('echo')).json();
    const file = path.join(supabaseDir, 'functions', 'echo', 'index.ts');
    writeFileSync(file, FUNCTIONS.echo.replace('version: 1', 'version: 2'));
    const later = new Date(Date.now() + 2_000);
    utimesSync(file, later, later);
    const after = await (await call('echo')).json();
    expect(after.version).toBe(2);
    expect(after.pid).not.toBe(before.pid);
    expect(() => process.kill(before.pid, 0)).toThrow();
  });

  it('kills the function processes when the process that started them exits without closing the backend', async () => {
    const script = `
      import { startTestBackend } from ${JSON.stringify(path.resolve('generator/backend/testBackend.ts'))};
      const backend = await startTestBackend({ supabaseDir: ${JSON.stringify(supabaseDir)} });
      const response = await fetch(backend.apiUrl + '/functions/v1/open', { headers: { apikey: backend.anonKey } });
      await response.text();
      process.exit(0);`;
    const before = new Set(denoChildren());
    // Not spawnSync: this process's event loop serves the backend of the other tests meanwhile (blocked for
    // seconds, its idle keep-alive sockets would be closed under the next request's feet).
    const child = await new Promise<{ status: number | null; stderr: string }>((resolve, reject) => {
      const run = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 });
      let stderr = '';
      run.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      run.on('error', reject);
      run.on('close', (status) => resolve({ status, stderr }));
    });
    expect(child.status, child.stderr).toBe(0);
    const left = denoChildren().filter((pid) => !before.has(pid) && readCmdline(pid).includes(supabaseDir));
    expect(left).toEqual([]);
  });

  it('stops every function process when the backend closes', async () => {
    const { pid } = await (await call('echo')).json();
    expect(() => process.kill(pid, 0)).not.toThrow();
    await backend.close();
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
