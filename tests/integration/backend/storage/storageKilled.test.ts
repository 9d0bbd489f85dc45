// `site backend` killed with SIGKILL in the middle of uploads, on PGlite and on a PostgreSQL server:
// after the next start no row of storage.objects lacks its file, no file lacks its row, nothing
// half-received is left, and every upload that was answered 200 is there with its bytes.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startPglite } from '../../../../generator/backend/startPglite.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from '../testPostgres.ts';
import { incomingFilesIn, objectFilesIn, storageProject } from './storageProject.ts';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const CONFIG = '[storage.buckets.uploads]\npublic = false\n';

interface Started {
  child: ChildProcess;
  apiUrl: string;
  serviceRoleKey: string;
  exited: Promise<void>;
}

/** `site backend` in the project, as a user runs it; resolves once it prints its URL and keys. */
async function startBackend(cwd: string, dataDir: string, databaseUrl?: string): Promise<Started> {
  const args = [path.join(root, 'bin', 'site.js'), 'backend', '--port', '0', '--data-dir', dataDir, ...(databaseUrl ? ['--db-url', databaseUrl] : [])];
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const printed = await new Promise<RegExpExecArray>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const match = /API URL\s+(\S+)\s+anon key\s+(\S+)\s+service_role key\s+(\S+)\s/.exec(output);
      if (match) resolve(match);
    });
    child.once('exit', (code) => reject(new Error(`site backend exited (${code}):\n${output}`)));
  });
  return { child, apiUrl: printed[1], serviceRoleKey: printed[3], exited };
}

/** An upload over node:http whose body is written as `chunks` (a hanging one never ends). */
function upload(backend: Started, name: string, chunks: Buffer[], end: boolean): Promise<number> {
  const url = new URL(backend.apiUrl);
  return new Promise((resolve) => {
    const headers = { authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' };
    const request = http.request({ host: url.hostname, port: url.port, method: 'POST', path: `/storage/v1/object/uploads/${name}`, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
      response.on('error', () => resolve(0));
    });
    request.on('error', () => resolve(0));
    for (const chunk of chunks) request.write(chunk);
    if (end) request.end();
  });
}

/** The versions of storage.objects, read as the database owner once the backend has stopped. */
async function rowsOf(dataDir: string, database: TestDatabase | null): Promise<Array<{ name: string; version: string; etag: string }>> {
  const sql = `select name, version, metadata->>'eTag' as etag from storage.objects where bucket_id = 'uploads' order by name`;
  if (database) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }
  const db = await startPglite({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    return (await db.query<{ name: string; version: string; etag: string }>(sql)).rows;
  } finally {
    await db.close();
  }
}

const engines = [
  { name: 'PGlite', skip: null },
  { name: 'PostgreSQL', skip: postgresUnavailable() },
] as const;

describe.each(engines)('kill -9 of `site backend` during uploads on $name', ({ name: engine, skip }) => {
  if (skip) {
    it.skip(`skipped: ${skip}`, () => {});
    return;
  }
  const project = storageProject(CONFIG);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-storage-killed-'));
  let database: TestDatabase | null = null;
  let running: Started | null = null;
  afterAll(async () => {
    if (running && running.child.exitCode === null) running.child.kill('SIGKILL');
    await running?.exited;
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    project.remove();
  });

  it('leaves no row without its file and no file without its row', { timeout: 240_000 }, async () => {
    if (engine === 'PostgreSQL') database = await createTestDatabase();
    running = await startBackend(project.dir, dataDir, database?.url);
    const chunk = (n: number) => Buffer.alloc(256 * 1024, n);
    const answered = new Map<string, { status: number; md5: string }>();
    for (let i = 0; i < 3; i++) {
      const body = [chunk(i), chunk(i + 1)];
      answered.set(`done-${i}.bin`, { status: await upload(running, `done-${i}.bin`, body, true), md5: createHash('md5').update(Buffer.concat(body)).digest('hex') });
    }
    // Uploads still coming in, and a stream of small ones finishing around the kill.
    for (let i = 0; i < 3; i++) void upload(running, `hanging-${i}.bin`, [chunk(9)], false);
    let stop = false;
    const racing = (async () => {
      for (let i = 0; !stop; i++) {
        const body = [chunk(i % 7)];
        const status = await upload(running!, `racing-${i}.bin`, body, true);
        answered.set(`racing-${i}.bin`, { status, md5: createHash('md5').update(body[0]).digest('hex') });
      }
    })();
    const racingDone = () => [...answered].filter(([name, a]) => name.startsWith('racing-') && a.status === 200).length;
    for (let tries = 0; (incomingFilesIn(dataDir).length < 3 || racingDone() < 2) && tries < 600; tries++) await new Promise((r) => setTimeout(r, 50));
    expect(incomingFilesIn(dataDir).length).toBeGreaterThanOrEqual(3);
    running.child.kill('SIGKILL');
    await running.exited;
    stop = true;
    await racing;
    expect(incomingFilesIn(dataDir).length, 'half-received files are on disk after the kill').toBeGreaterThanOrEqual(3);

    running = await startBackend(project.dir, dataDir, database?.url);
    running.child.kill('SIGTERM');
    await running.exited;
    const rows = await rowsOf(dataDir, database);
    const files = objectFilesIn(dataDir);
    console.log(`kill -9 (${engine}): ${rows.length} rows, ${files.length} files, ${[...answered.values()].filter((a) => a.status === 200).length} uploads answered 200`);
    expect(rows.map((r) => r.version).sort()).toEqual(files);
    expect(incomingFilesIn(dataDir)).toEqual([]);
    for (const row of rows) {
      const bytes = readFileSync(path.join(dataDir, 'storage', 'objects', row.version));
      expect(`"${createHash('md5').update(bytes).digest('hex')}"`, row.name).toBe(row.etag);
    }
    for (const [name, { status, md5 }] of answered) {
      if (status !== 200) continue;
      expect(rows.find((r) => r.name === name)?.etag, name).toBe(`"${md5}"`);
    }
    expect(rows.some((r) => r.name.startsWith('hanging-'))).toBe(false);
  });
});
