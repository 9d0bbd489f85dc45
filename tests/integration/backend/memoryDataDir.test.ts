// A database in memory starts from a dumpDataDir tarball read apart once per process: each database gets
// its own copy of the files, so what one writes no other sees, and the tarball stays as it was.
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, expect, it } from 'vitest';
import { backendBase } from '../../../generator/backend/backendBase.ts';
import { memoryDataDir } from '../../../generator/backend/memoryDataDir.ts';
import { startPglite } from '../../../generator/backend/startPglite.ts';

const open: PGlite[] = [];
afterAll(async () => {
  for (const db of open) await db.close();
});

async function fromTarball(tarball: Uint8Array): Promise<PGlite> {
  const db = await startPglite({ fs: memoryDataDir(tarball) });
  open.push(db);
  return db;
}

const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

it('gives every database of one tarball files of its own, and leaves the tarball unchanged', async () => {
  const tarball = await backendBase();
  const before = digest(tarball);
  const first = await fromTarball(tarball);
  await first.exec(`create table public.notes (id int primary key, body text); insert into public.notes values (1, 'first only'); checkpoint;`);
  const second = await fromTarball(tarball);
  expect((await second.query(`select to_regclass('public.notes') as found`)).rows).toEqual([{ found: null }]);
  expect((await first.query(`select body from public.notes`)).rows).toEqual([{ body: 'first only' }]);
  // The base's own schema is there, as PGlite's loadDataDir would have put it.
  expect((await second.query(`select count(*)::int as n from pg_namespace where nspname in ('auth', 'storage', 'extensions')`)).rows).toEqual([{ n: 3 }]);
  expect(digest(tarball)).toBe(before);
});

it('starts PGlite with a buffer pool of 16 MB', async () => {
  const db = await fromTarball(await backendBase());
  expect((await db.query(`show shared_buffers`)).rows).toEqual([{ shared_buffers: '16MB' }]);
});

it('refuses bytes that hold no data dir, rather than letting PGlite make a new database', async () => {
  expect(() => memoryDataDir(new TextEncoder().encode('not a database'))).toThrow('The database tarball holds no data dir');
  const base = await backendBase();
  // Copies: the base's bytes are shared by the whole process.
  const broken = new Uint8Array(base.subarray(0, 4096));
  broken[257] = 0; // the first header loses its ustar mark
  expect(() => memoryDataDir(broken)).toThrow('is not a ustar archive');
  // The fourth entry (WAL's first segment, 16 MB) ends past the archive's end.
  expect(() => memoryDataDir(new Uint8Array(base.subarray(0, 2560)))).toThrow('is cut short');
});
