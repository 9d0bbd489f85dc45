// A database tarball written into a new data dir by Node: every folder and file where the archive names it,
// private modes, gzip or not, PG_VERSION last, and no path outside the folder.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { extractDataDir } from '../../../generator/backend/extractDataDir.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-extract-'));
  dirs.push(dir);
  return path.join(dir, 'pgdata');
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A ustar archive as PGlite's dumpDataDir writes one: names from the root ("/base/1/112"), octal fields. */
function tarOf(entries: { name: string; data?: string; dir?: boolean; mtime?: number }[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const header = Buffer.alloc(512);
    const data = Buffer.from(entry.data ?? '');
    header.write(entry.name, 0, 100);
    header.write(`${(entry.dir ? 0o750 : 0o600).toString(8).padStart(7, '0')}\0`, 100);
    header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write(`${(entry.mtime ?? 1_700_000_000).toString(8).padStart(11, '0')}\0`, 136);
    header.write(entry.dir ? '5' : '0', 156);
    header.write('ustar\0', 257);
    blocks.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  return Buffer.concat([...blocks, Buffer.alloc(1024)]);
}

describe('extractDataDir', () => {
  const archive = tarOf([
    { name: '/PG_VERSION', data: '18\n' },
    { name: '/base', dir: true },
    { name: '/base/1', dir: true },
    { name: '/base/1/112', data: 'x'.repeat(700), mtime: 1_600_000_000 },
    { name: '/global/pg_control', data: 'control' },
  ]);

  it('writes every folder and file the archive names, folders 0700 and files 0600, with their times', async () => {
    const pgdata = freshDir();
    await extractDataDir(archive, pgdata);
    expect(readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8')).toBe('18\n');
    expect(readFileSync(path.join(pgdata, 'base/1/112'), 'utf8')).toBe('x'.repeat(700));
    expect(readFileSync(path.join(pgdata, 'global/pg_control'), 'utf8')).toBe('control');
    expect(statSync(path.join(pgdata, 'base/1')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(pgdata, 'base/1/112')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(pgdata, 'base/1/112')).mtimeMs).toBe(1_600_000_000_000);
  });

  it('reads a gzipped archive as the plain one', async () => {
    const pgdata = freshDir();
    await extractDataDir(gzipSync(archive), pgdata);
    expect(readFileSync(path.join(pgdata, 'base/1/112'), 'utf8')).toBe('x'.repeat(700));
  });

  it('writes PG_VERSION, which marks a folder as holding a database, after every other file', async () => {
    const pgdata = freshDir();
    // Stopped midway (here by a refused entry): the files before are written, PG_VERSION is not, so the next
    // start sees a fresh data dir and fills it again.
    const stopped = tarOf([{ name: '/PG_VERSION', data: '18\n' }, { name: '/base/1/112', data: 'x' }, { name: '/../outside', data: 'no' }]);
    await expect(extractDataDir(stopped, pgdata)).rejects.toThrow();
    expect(existsSync(path.join(pgdata, 'base/1/112'))).toBe(true);
    expect(existsSync(path.join(pgdata, 'PG_VERSION'))).toBe(false);
  });

  it('refuses a name that leaves the folder', async () => {
    const pgdata = freshDir();
    await expect(extractDataDir(tarOf([{ name: '/../outside', data: 'no' }]), pgdata)).rejects.toThrow(/outside its folder/);
    expect(existsSync(path.join(path.dirname(pgdata), 'outside'))).toBe(false);
  });
});
