// A real PostgreSQL server for tests, with one fresh database per caller.
// SITE_TEST_DATABASE_URL (what .ci/run exports) names a server to use;
// without it a throwaway cluster is started from the installed binaries
// (as the postgres user when running as root: PostgreSQL refuses root) and
// stopped afterwards (SITE_TEST_POSTGRES_BIN names their folder if it is not
// /usr/lib/postgresql/<version>/bin or on PATH). With neither, the tests skip
// with the reason, except under CI=true, where a missing server fails them.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TestDatabase {
  /** postgres://... of a database of its own, empty. */
  url: string;
  /** Drops the database (and stops the cluster if this call started one). */
  drop(): Promise<void>;
}

/** Why the PostgreSQL tests cannot run here, or null when they can. Throws under CI=true instead of skipping. */
export function postgresUnavailable(): string | null {
  if (process.env.SITE_TEST_DATABASE_URL || postgresBinDir()) return null;
  const reason = 'no PostgreSQL server: set SITE_TEST_DATABASE_URL or install PostgreSQL (initdb and pg_ctl)';
  if (process.env.CI === 'true') throw new Error(`CI needs a PostgreSQL server for these tests: ${reason}.`);
  return reason;
}

/** Creates an empty database on SITE_TEST_DATABASE_URL's server, or on a cluster started for it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const cluster = process.env.SITE_TEST_DATABASE_URL ? null : await startCluster();
  const serverUrl = process.env.SITE_TEST_DATABASE_URL ?? cluster!.url;
  const name = `site_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await onServer(serverUrl, `create database ${name} template template0 encoding 'UTF8'`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        await onServer(serverUrl, `drop database if exists ${name} with (force)`);
      } finally {
        cluster?.stop();
      }
    },
  };
}

async function onServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** SITE_TEST_POSTGRES_BIN, else the bin folder of the newest PostgreSQL under /usr/lib/postgresql (Debian), else initdb's on PATH. */
export function postgresBinDir(): string | null {
  const chosen = process.env.SITE_TEST_POSTGRES_BIN;
  if (chosen) return existsSync(path.join(chosen, 'initdb')) && existsSync(path.join(chosen, 'pg_ctl')) ? chosen : null;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const initdb = found.status === 0 ? found.stdout.trim() : '';
  return initdb && existsSync(path.join(path.dirname(initdb), 'pg_ctl')) ? path.dirname(initdb) : null;
}

async function startCluster(): Promise<{ url: string; stop(): void }> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(postgresUnavailable() ?? 'no PostgreSQL binaries');
  const asRoot = process.getuid?.() === 0;
  // As root, under /tmp: the postgres user may not reach root's TMPDIR.
  const dir = mkdtempSync(path.join(asRoot ? '/tmp' : os.tmpdir(), 'site-postgres-'));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const [command, all] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
    const result = spawnSync(command, all, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
  };
  const data = path.join(dir, 'data');
  const initdb = run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  if (!initdb.ok) throw new Error(`initdb failed:\n${initdb.output}`);
  const stop = () => {
    if (existsSync(path.join(data, 'postmaster.pid'))) run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  for (let attempt = 1; attempt <= 5; attempt++) {
    const port = await freePort();
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    const started = run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
    if (started.ok) return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
    if (attempt === 5) {
      const log = existsSync(path.join(dir, 'server.log')) ? readFileSync(path.join(dir, 'server.log'), 'utf8') : started.output;
      stop();
      throw new Error(`PostgreSQL did not start:\n${log}`);
    }
  }
  throw new Error('unreachable');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
