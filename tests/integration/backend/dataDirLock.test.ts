// One process per data dir: a second backend (in this process or another,
// started at the same moment) is refused with DataDirInUse, a lock left by a
// dead process, a zombie or a recycled pid is taken over, and processes
// racing for a stale lock end with exactly one owner.
import { spawn, spawnSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, LOCK_FILE, readDataDirLock } from '../../../generator/backend/dataDirLock.ts';
import { processStartTime } from '../../../generator/backend/processStartTime.ts';
import { processState } from '../../../generator/backend/processState.ts';
import { startBackend, type RunningBackend } from '../../../generator/backend/startBackend.ts';
import { clientFor } from './testClients.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-backend-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * dataDirLock.ts and what it imports, as one plain JavaScript module for the child processes: each then
 * starts as node alone does, without loading a TypeScript loader first.
 */
let lockModule: string;
beforeAll(() => {
  lockModule = path.join(freshDir(), 'dataDirLock.mjs');
  buildSync({ entryPoints: [path.join(root, 'generator/backend/dataDirLock.ts')], bundle: true, platform: 'node', format: 'esm', outfile: lockModule, logLevel: 'error' });
});

/** A pid that no process has any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

/** `site backend` in a child process; resolves when it is serving or has exited. */
function siteBackend(dataDir: string): Promise<{ code: number | null; output: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(root, 'bin', 'site.js'), 'backend', '--data-dir', dataDir, '--port', '0'], { cwd: root });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve) => {
    const ready = setInterval(() => {
      if (output.includes('Press Ctrl+C')) {
        clearInterval(ready);
        resolve({ code: null, output, stop });
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(ready);
      resolve({ code, output, stop });
    });
  });
}

describe('the data dir lock', () => {
  it('refuses a second backend started at the same moment in this process, naming the owner', { timeout: 120_000 }, async () => {
    const dataDir = freshDir();
    const results = await Promise.allSettled([startBackend({ port: 0, dataDir, bcryptCost: 4 }), startBackend({ port: 0, dataDir, bcryptCost: 4 })]);
    const won = results.filter((r): r is PromiseFulfilledResult<RunningBackend> => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toMatchObject({ name: 'BackendError', code: 'DataDirInUse' });
    expect(lost[0].reason.message).toContain(`process ${process.pid}`);
    const backend = won[0].value;
    // Once it serves, the lock names its port and URL, and so does the refusal.
    expect(readDataDirLock(dataDir)).toMatchObject({ pid: process.pid, port: backend.port, apiUrl: backend.apiUrl });
    const again = await startBackend({ port: 0, dataDir }).catch((e: unknown) => e);
    expect(again).toMatchObject({ code: 'DataDirInUse' });
    expect((again as Error).message).toContain(`port ${backend.port}`);
    expect((again as { hint: string }).hint).toContain('--data-dir');
    await backend.close();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('lets one of two `site backend` processes started together run; the other exits with DataDirInUse, every acknowledged write is kept, and `site admin grant` reaches the running one', { timeout: 180_000 }, async () => {
    const dataDir = freshDir();
    const [a, b] = await Promise.all([siteBackend(dataDir), siteBackend(dataDir)]);
    const running = [a, b].filter((p) => p.code === null);
    const refused = [a, b].filter((p) => p.code !== null);
    try {
      expect(running).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0].code).toBe(1);
      expect(refused[0].output).toContain('DataDirInUse');
      expect(refused[0].output).not.toContain('Unexpected internal error');
      const owner = readDataDirLock(dataDir)!;
      expect(running[0].output).toContain(owner.apiUrl);
      // 1,200 acknowledged rows, all there after a restart in this process.
      const key = /anon key\s+(\S+)/.exec(running[0].output)![1];
      for (let i = 0; i < 1200; i += 100) {
        const rows = Array.from({ length: 100 }, (_, j) => ({ name: `Row ${i + j}`, email: `row${i + j}@example.com`, company: null, message: 'kept' }));
        const response = await fetch(`${owner.apiUrl}/rest/v1/contact_submissions`, {
          method: 'POST',
          headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
          body: JSON.stringify(rows),
        });
        expect(response.status).toBe(201);
      }
      // `site admin grant` from a third process asks the running backend over HTTP.
      const signUp = await fetch(`${owner.apiUrl}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.com', password: 'correct horse' }),
      });
      expect(signUp.status).toBe(200);
      const grant = spawnSync(process.execPath, [path.join(root, 'bin', 'site.js'), 'admin', 'grant', 'owner@example.com', '--data-dir', dataDir], { cwd: root, encoding: 'utf8' });
      expect(grant.stderr).toBe('');
      expect(grant.stdout).toBe('Granted admin to owner@example.com.\n');
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    // SIGTERM stops the backend cleanly: the lock goes with it.
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const reopened = await startBackend({ port: 0, dataDir });
    try {
      const { count } = await clientFor(reopened, reopened.serviceRoleKey).from('contact_submissions').select('*', { count: 'exact', head: true }).eq('message', 'kept');
      expect(count).toBe(1200);
      expect((await reopened.db.query(`select 1 from public.user_roles where role = 'admin'`)).rows).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  });

  it('takes over a lock left by a dead process, and one whose pid now belongs to another process', async () => {
    const dataDir = freshDir();
    const lock = path.join(dataDir, LOCK_FILE);
    writeFileSync(lock, JSON.stringify({ pid: deadPid(), processStart: null, nonce: 'dead', createdAt: new Date(0).toISOString(), port: 1, apiUrl: 'http://127.0.0.1:1' }));
    expect(readDataDirLock(dataDir)).toBeNull();
    const first = await acquireDataDirLock(dataDir);
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toMatchObject({ pid: process.pid, nonce: first.owner.nonce });
    first.release();
    expect(existsSync(lock)).toBe(false);

    // A live pid with another start time: the pid was recycled (Linux, where /proc says when a process started).
    if (processStartTime(process.pid) !== null) {
      writeFileSync(lock, JSON.stringify({ pid: process.pid, processStart: '1', nonce: 'recycled', createdAt: new Date(0).toISOString() }));
      expect(readDataDirLock(dataDir)).toBeNull();
      const second = await acquireDataDirLock(dataDir);
      expect(second.owner.nonce).not.toBe('recycled');
      second.release();
    }
  });

  it('starts a backend right after a kill -9 of the last one, whose parent has not collected it yet, with every acknowledged row', { timeout: 180_000 }, async () => {
    const dataDir = freshDir();
    // `site backend` under a parent that never collects its children (sh, then exec'd sleep), as a
    // supervisor that has not yet: once killed, it stays a zombie, its lock file naming it.
    const parent = spawn('sh', ['-c', '"$0" "$@" & echo "pid $!"; exec sleep 120', process.execPath, path.join(root, 'bin', 'site.js'), 'backend', '--data-dir', dataDir, '--port', '0'], { cwd: root });
    let output = '';
    parent.stdout.on('data', (d: Buffer) => (output += d.toString()));
    parent.stderr.on('data', (d: Buffer) => (output += d.toString()));
    let starting: Promise<RunningBackend> | undefined;
    try {
      await expect.poll(() => output, { timeout: 120_000, interval: 50 }).toContain('Press Ctrl+C');
      const pid = Number(/^pid (\d+)$/m.exec(output)![1]);
      const owner = readDataDirLock(dataDir)!;
      expect(owner.pid).toBe(pid);
      const key = /anon key\s+(\S+)/.exec(output)![1];
      const rows = Array.from({ length: 100 }, (_, i) => ({ name: `Row ${i}`, email: `row${i}@example.com`, company: null, message: 'acknowledged' }));
      const insert = await fetch(`${owner.apiUrl}/rest/v1/contact_submissions`, {
        method: 'POST',
        headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
        body: JSON.stringify(rows),
      });
      expect(insert.status).toBe(201);

      // Restarted at once: the killed backend is still exiting (its threads end one by one), then a zombie.
      process.kill(pid, 'SIGKILL');
      starting = startBackend({ port: 0, dataDir, bcryptCost: 4 });
      const restarted = await starting;
      // It started while the killed backend was still there, its lock file naming it until then.
      expect(existsSync(`/proc/${pid}`)).toBe(true);
      expect(processState(pid)?.life).toBe('gone');
      expect(readDataDirLock(dataDir)).toMatchObject({ pid: process.pid });
      const { count } = await clientFor(restarted, restarted.serviceRoleKey).from('contact_submissions').select('*', { count: 'exact', head: true }).eq('message', 'acknowledged');
      expect(count).toBe(100);
    } finally {
      await starting?.then((b) => b.close(), () => {});
      parent.kill();
    }
  });

  it('is removed when its process exits without releasing it', () => {
    const dataDir = freshDir();
    const script = `
      import { acquireDataDirLock } from ${JSON.stringify(lockModule)};
      await acquireDataDirLock(process.argv[1]);
      process.stdout.write('held');
      process.exit(0);`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script, dataDir], { cwd: root, encoding: 'utf8' });
    expect(child.stdout).toBe('held');
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it("leaves another process's half-written takeover file alone when it takes the lock", async () => {
    // The temporary file a racing process writes before linking it as its takeover file: still empty.
    const dataDir = freshDir();
    const pending = path.join(dataDir, `${LOCK_FILE}.takeover-0123456789abcdef.4242.3f6c2a1e-0000-4000-8000-000000000000.tmp`);
    writeFileSync(pending, '');
    const lock = await acquireDataDirLock(dataDir);
    try {
      expect(existsSync(pending)).toBe(true);
    } finally {
      lock.release();
    }
  });

  it('gives a stale lock to exactly one of several processes racing for it', { timeout: 120_000 }, async () => {
    // A winner holds the lock until every process has answered (its stdin closes), so a late
    // starter on a busy machine cannot win legitimately after the winner let go.
    const script = `
      import { acquireDataDirLock } from ${JSON.stringify(lockModule)};
      // Asleep until just before the common start, then a short spin: all four try at the same moment.
      const start = Number(process.argv[2]);
      await new Promise((resolve) => setTimeout(resolve, start - 20 - Date.now()));
      while (Date.now() < start) {}
      try {
        const lock = await acquireDataDirLock(process.argv[1]);
        process.stdout.write('won');
        process.stdin.on('data', () => {}).on('end', () => lock.release());
      } catch (e) {
        process.stdout.write(e.code);
      }`;
    for (let round = 0; round < 3; round++) {
      const dataDir = freshDir();
      writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: deadPid(), processStart: null, nonce: `stale-${round}`, createdAt: new Date(0).toISOString() }));
      const start = Date.now() + 3000;
      const children = Array.from({ length: 4 }, () => spawn(process.execPath, ['--input-type=module', '-e', script, dataDir, String(start)], { cwd: root }));
      const outcomes = await Promise.all(
        children.map((child) => {
          let out = '';
          child.stderr.on('data', (d: Buffer) => (out += d.toString()));
          return new Promise<string>((resolve) => {
            child.stdout.on('data', (d: Buffer) => resolve((out += d.toString())));
            child.on('exit', () => resolve(out));
          });
        }),
      );
      const exited = children.map((child) => new Promise((resolve) => (child.exitCode === null ? child.on('exit', resolve) : resolve(null))));
      for (const child of children) child.stdin.end();
      await Promise.all(exited);
      expect(outcomes.sort()).toEqual(['DataDirInUse', 'DataDirInUse', 'DataDirInUse', 'won']);
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    }
  });
});
