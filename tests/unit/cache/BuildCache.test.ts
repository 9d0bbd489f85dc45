/** BuildCache trusts nothing it reads: packs and pages that do not check out read as missing, and stored pages are linked, not copied. */
import { mkdirSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BuildCache } from '../../../generator/cache/BuildCache.ts';
import { contentHash } from '../../../generator/core/contentHash.ts';
import { stampOf } from '../../../generator/core/stampOf.ts';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-buildcache-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

let run = 0;
let dir: string;
let out: string;
beforeEach(() => {
  run++;
  dir = path.join(tmp, `cache-${run}`);
  out = path.join(tmp, `out-${run}`);
  mkdirSync(out);
});

const entries = { 'blog/a.md': { title: 'A', words: 3 }, 'blog/b.md': { title: 'B', tags: ['x', 'y'] } };
const packFile = (name: string) => path.join(dir, `${name}.pack`);
const pageFile = (hash: string) => path.join(dir, 'pages', `${hash}.html`);
const page = (text: string) => {
  const bytes = Buffer.from(text);
  return { bytes, hash: contentHash(bytes) };
};
/** A file in the output folder, as a shard writes it. */
describe('BuildCache packs', () => {
  it('reads back what writePack wrote, under the same key', () => {
    const cache = BuildCache.open(dir, { read: true });
    cache.writePack('posts', 'key-1', entries);
    expect(cache.hasPack('posts')).toBe(true);
    expect(cache.readPack('posts', 'key-1')).toEqual(entries);
    expect(BuildCache.open(dir, { read: true }).readPack('posts', 'key-1')).toEqual(entries);
  });

  it('writes the same file off the thread (writePackAsync) as writePack, with non-ASCII text too', async () => {
    const cache = BuildCache.open(dir, { read: true });
    const odd = { ...entries, '/é': { title: 'Déjà vu — “quotes”' } };
    cache.writePack('posts', 'key-1', odd);
    const sync = readFileSync(path.join(dir, 'posts.pack'));
    await cache.writePackAsync('posts', 'key-1', odd);
    expect(readFileSync(path.join(dir, 'posts.pack'))).toEqual(sync);
    expect(cache.readPack('posts', 'key-1')).toEqual(odd);
    expect(readdirSync(dir).sort()).toEqual(['CACHEDIR.TAG', 'pages', 'posts.pack']);
  });

  it('writes the same file from thousands of encoded pieces (writePackPiecesAsync) as writePack, and drops the delta', async () => {
    const cache = BuildCache.open(dir, { read: true });
    const many = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`/p${i}`, { title: i % 7 ? `Page ${i}` : `Déjà vu — ${i}` }]));
    cache.writePack('pages', 'key-1', many);
    const whole = readFileSync(path.join(dir, 'pages.pack'));
    cache.readPack('pages', 'key-1');
    await cache.writePackDeltaAsync('pages', 'key-1', { '/p1': { title: 'changed' } });
    // Pieces cut anywhere, inside a character's bytes too.
    const body = Buffer.from(JSON.stringify(many));
    const pieces: Buffer[] = [];
    for (let at = 0; at < body.length; at += 37) pieces.push(body.subarray(at, at + 37));
    expect(pieces.length).toBeGreaterThan(2048);
    await cache.writePackPiecesAsync('pages', 'key-1', pieces);
    expect(readFileSync(path.join(dir, 'pages.pack'))).toEqual(whole);
    expect(readdirSync(dir).sort()).toEqual(['CACHEDIR.TAG', 'pages', 'pages.pack']);
    expect(BuildCache.open(dir, { read: true }).readPack('pages', 'key-1')).toEqual(many);
  });

  it('leaves no temporary file next to the pack', () => {
    BuildCache.open(dir, { read: true }).writePack('posts', 'key-1', entries);
    expect(readdirSync(dir).sort()).toEqual(['CACHEDIR.TAG', 'pages', 'posts.pack']);
  });

  it('reads a missing pack as {}', () => {
    const cache = BuildCache.open(dir, { read: true });
    expect(cache.hasPack('posts')).toBe(false);
    expect(cache.readPack('posts', 'key-1')).toEqual({});
  });

  it('reads a pack written for another key as {}', () => {
    const cache = BuildCache.open(dir, { read: true });
    cache.writePack('posts', 'key-1', entries);
    expect(cache.readPack('posts', 'key-2')).toEqual({});
  });

  it.each([
    ['its body was edited (checksum mismatch)', (t: string) => t.replace('"title":"A"', '"title":"Z"')],
    ['it was truncated', (t: string) => t.slice(0, Math.floor(t.length / 2))],
    ['it was truncated inside the first line', (t: string) => t.slice(0, 10)],
    ['its format line names another format', (t: string) => t.replace(/^site-build-cache\/1 /, 'site-build-cache/2 ')],
    ['it is empty', () => ''],
  ])('reads a pack as {} when %s', (_, damage) => {
    const cache = BuildCache.open(dir, { read: true });
    cache.writePack('posts', 'key-1', entries);
    const text = readFileSync(packFile('posts'), 'utf8');
    const damaged = damage(text);
    expect(damaged).not.toBe(text);
    writeFileSync(packFile('posts'), damaged);
    expect(cache.readPack('posts', 'key-1')).toEqual({});
  });

  it('reads a well-formed pack whose body is a JSON array (or null) as {}', () => {
    const cache = BuildCache.open(dir, { read: true });
    cache.writePack('list', 'key-1', [1, 2, 3] as unknown as Record<string, unknown>);
    expect(readFileSync(packFile('list'), 'utf8')).toMatch(/\n\[1,2,3\]$/);
    expect(cache.readPack('list', 'key-1')).toEqual({});
    cache.writePack('nothing', 'key-1', null as unknown as Record<string, unknown>);
    expect(cache.readPack('nothing', 'key-1')).toEqual({});
  });

  it('replaces a pack as a whole when it is written again', () => {
    const cache = BuildCache.open(dir, { read: true });
    cache.writePack('posts', 'key-1', entries);
    cache.writePack('posts', 'key-2', { only: 1 });
    expect(cache.readPack('posts', 'key-1')).toEqual({});
    expect(cache.readPack('posts', 'key-2')).toEqual({ only: 1 });
  });
});

describe('BuildCache opened with read: false (--no-cache)', () => {
  it('reads nothing that is there', () => {
    const { bytes, hash } = page('<p>stored</p>');
    const trusted = BuildCache.open(dir, { read: true });
    trusted.writePack('posts', 'key-1', entries);
    trusted.writePage(hash, bytes);
    const fresh = BuildCache.open(dir, { read: false });
    expect(fresh.hasPack('posts')).toBe(false);
    expect(fresh.readPack('posts', 'key-1')).toEqual({});
    expect(fresh.readPage(hash)).toBeNull();
    expect(fresh.placePage(hash, trusted.pageStamp(hash)!, path.join(out, 'p.html'))).toBeNull();
  });

  it('still writes packs and pages, for the next build to read', () => {
    const { bytes, hash } = page('<p>written afresh</p>');
    const fresh = BuildCache.open(dir, { read: false });
    fresh.writePack('posts', 'key-1', entries);
    fresh.writePage(hash, bytes);
    const next = BuildCache.open(dir, { read: true });
    expect(next.readPack('posts', 'key-1')).toEqual(entries);
    expect(next.readPage(hash)).toEqual(bytes);
  });
});

describe('BuildCache with no folder (caching off)', () => {
  it('reads nothing and writes nothing', () => {
    const { bytes, hash } = page('<p>x</p>');
    const off = BuildCache.open(null, { read: true });
    off.writePack('posts', 'key-1', entries);
    off.writePage(hash, bytes);
    expect(off.hasPack('posts')).toBe(false);
    expect(off.readPack('posts', 'key-1')).toEqual({});
    expect(off.readPage(hash)).toBeNull();
    expect(off.pageStamp(hash)).toBeNull();
  });
});

describe('BuildCache pages', () => {
  it('reads back the bytes writePage stored under their hash', () => {
    const { bytes, hash } = page('<!doctype html><p>héllo</p>');
    const cache = BuildCache.open(dir, { read: true });
    cache.writePage(hash, bytes);
    expect(cache.readPage(hash)).toEqual(bytes);
    expect(readdirSync(path.join(dir, 'pages'))).toEqual([`${hash}.html`]);
  });

  it('reads a missing page as null', () => {
    expect(BuildCache.open(dir, { read: true }).readPage(page('never stored').hash)).toBeNull();
  });

  it('reads a page file altered after it was stored as null', () => {
    const { bytes, hash } = page('<p>original</p>');
    const cache = BuildCache.open(dir, { read: true });
    cache.writePage(hash, bytes);
    writeFileSync(pageFile(hash), '<p>originaL</p>');
    expect(cache.readPage(hash)).toBeNull();
  });

  it("reads a page file holding another page's bytes as null", () => {
    const a = page('<p>page a</p>');
    const b = page('<p>page b</p>');
    const cache = BuildCache.open(dir, { read: true });
    cache.writePage(a.hash, a.bytes);
    cache.writePage(b.hash, b.bytes);
    writeFileSync(pageFile(a.hash), b.bytes);
    expect(cache.readPage(a.hash)).toBeNull();
    expect(cache.readPage(b.hash)).toEqual(b.bytes);
  });

  it.each([
    ['too short', 'abc123'],
    ['upper case', page('x').hash.toUpperCase()],
    ['a path', `../${page('x').hash}`],
    ['empty', ''],
  ])('reads a malformed page name (%s) as null', (_, name) => {
    const cache = BuildCache.open(dir, { read: true });
    const x = page('x');
    cache.writePage(x.hash, x.bytes);
    // What "../<hash>" would find if the name were used as given: a file holding the right bytes.
    writeFileSync(path.join(dir, `${x.hash}.html`), x.bytes);
    expect(cache.readPage(name)).toBeNull();
  });
});

describe('BuildCache pack deltas', () => {
  const change = { 'blog/b.md': { title: 'B2' } };

  it('reads a delta back only after reading the very pack it was written after, under the same key', async () => {
    const cache = BuildCache.open(dir, { read: true });
    cache.writePack('posts', 'key-1', entries);
    expect(cache.hasBase('posts')).toBe(false); // not read yet: nothing to add to
    await expect(cache.writePackDeltaAsync('posts', 'key-1', change)).rejects.toThrow(/no base/);
    cache.readPack('posts', 'key-1');
    expect(cache.hasBase('posts')).toBe(true);
    await cache.writePackDeltaAsync('posts', 'key-1', change);
    const next = BuildCache.open(dir, { read: true });
    expect(next.readPackDelta('posts', 'key-1')).toEqual({}); // the pack not read yet
    expect(next.readPack('posts', 'key-1')).toEqual(entries); // the pack itself is untouched
    expect(next.readPackDelta('posts', 'key-1')).toEqual(change);
    expect(next.readPackDelta('posts', 'key-2')).toEqual({});
    expect(readdirSync(dir).sort()).toEqual(['CACHEDIR.TAG', 'pages', 'posts-delta.pack', 'posts.pack']);
  });

  it('drops the delta when a new pack is written (sync or not), and ignores one written after another pack', async () => {
    const cache = BuildCache.open(dir, { read: true });
    cache.writePack('posts', 'key-1', entries);
    cache.readPack('posts', 'key-1');
    await cache.writePackDeltaAsync('posts', 'key-1', change);
    await cache.writePackAsync('posts', 'key-1', { ...entries, ...change });
    expect(readdirSync(dir).sort()).toEqual(['CACHEDIR.TAG', 'pages', 'posts.pack']);

    cache.readPack('posts', 'key-1');
    await cache.writePackDeltaAsync('posts', 'key-1', change);
    const stale = readFileSync(path.join(dir, 'posts-delta.pack'));
    cache.writePack('posts', 'key-1', entries);
    expect(readdirSync(dir).sort()).toEqual(['CACHEDIR.TAG', 'pages', 'posts.pack']);
    writeFileSync(path.join(dir, 'posts-delta.pack'), stale); // a delta of the pack before this one
    const next = BuildCache.open(dir, { read: true });
    next.readPack('posts', 'key-1');
    expect(next.readPackDelta('posts', 'key-1')).toEqual({});
  });

  it('reads a corrupt delta as {}, and none at all with --no-cache', async () => {
    const cache = BuildCache.open(dir, { read: true });
    cache.writePack('posts', 'key-1', entries);
    cache.readPack('posts', 'key-1');
    await cache.writePackDeltaAsync('posts', 'key-1', change);
    const cold = BuildCache.open(dir, { read: false });
    cold.readPack('posts', 'key-1');
    expect(cold.readPackDelta('posts', 'key-1')).toEqual({});
    writeFileSync(path.join(dir, 'posts-delta.pack'), readFileSync(path.join(dir, 'posts-delta.pack'), 'utf8').replace('B2', 'B3'));
    const next = BuildCache.open(dir, { read: true });
    next.readPack('posts', 'key-1');
    expect(next.readPackDelta('posts', 'key-1')).toEqual({});
  });
});

describe('BuildCache.writeAndAdopt', () => {
  it('writes the output file and hard-links it into the cache: same inode, no second copy, one stamp for both', () => {
    const { bytes, hash } = page('<p>adopted</p>');
    const file = path.join(out, 'index.html');
    const cache = BuildCache.open(dir, { read: true });
    const stamps = cache.writeAndAdopt(hash, file, bytes);
    expect(readFileSync(file)).toEqual(Buffer.from(bytes));
    expect(statSync(pageFile(hash)).ino).toBe(statSync(file).ino);
    expect(statSync(file).nlink).toBe(2);
    expect(cache.readPage(hash)).toEqual(bytes);
    expect(stamps).toEqual({ stored: cache.pageStamp(hash), written: stampOf(statSync(file)) });
    expect(stamps.stored).toBe(stamps.written);
  });

  it('replaces a corrupt page file already stored under the hash, and returns the stored copy\'s stamp and the written file\'s', () => {
    const { bytes, hash } = page('<p>good</p>');
    const cache = BuildCache.open(dir, { read: true });
    cache.writePage(hash, Buffer.from('<p>torn'));
    expect(cache.readPage(hash)).toBeNull();
    const file = path.join(out, 'index.html');
    const stamps = cache.writeAndAdopt(hash, file, bytes);
    expect(cache.readPage(hash)).toEqual(bytes);
    expect(readdirSync(path.join(dir, 'pages'))).toEqual([`${hash}.html`]);
    expect(stamps).toEqual({ stored: cache.pageStamp(hash), written: stampOf(statSync(file)) });
    expect(stamps.stored).not.toBe(stamps.written); // a copy: another file
  });

  it('writes a page given in pieces as their bytes one after the other', () => {
    const pieces = ['<!doctype html><p>', 'in “pieces”', '</p>'].map((s) => Buffer.from(s));
    const { bytes, hash } = page('<!doctype html><p>in “pieces”</p>');
    const file = path.join(out, 'pieces.html');
    const cache = BuildCache.open(dir, { read: true });
    const { stored } = cache.writeAndAdopt(hash, file, pieces);
    expect(readFileSync(file)).toEqual(Buffer.from(bytes));
    expect(cache.readPage(hash)).toEqual(bytes);
    expect(stored).toBe(cache.pageStamp(hash));
  });

  it('without a cache folder, only writes the output file', () => {
    const { bytes, hash } = page('<p>no cache</p>');
    const file = path.join(out, 'alone.html');
    expect(BuildCache.open(null, { read: false }).writeAndAdopt(hash, file, bytes)).toEqual({ stored: null, written: stampOf(statSync(file)) });
    expect(readFileSync(file)).toEqual(Buffer.from(bytes));
  });
});

describe('BuildCache.placePage', () => {
  /** A stored page with its mtime set to a known whole second, and its stamp. */
  function stored(text: string) {
    const { bytes, hash } = page(text);
    const cache = BuildCache.open(dir, { read: true });
    cache.writePage(hash, bytes);
    const mtime = new Date('2024-01-01T00:00:00Z');
    utimesSync(pageFile(hash), mtime, mtime);
    return { cache, bytes, hash, mtime, stamp: cache.pageStamp(hash)! };
  }

  it('with the recorded stamp: links the stored file (same inode) and returns the stamp', () => {
    const { cache, bytes, hash, stamp } = stored('<p>placed</p>');
    const target = path.join(out, 'placed.html');
    expect(cache.placePage(hash, stamp, target)).toEqual({ stamp, linked: true });
    expect(statSync(target).ino).toBe(statSync(pageFile(hash)).ino);
    expect(readFileSync(target)).toEqual(bytes);
  });

  it('with the recorded stamp: trusts it and does not read the file (same-size edit with the mtime put back goes unnoticed)', () => {
    const { cache, hash, mtime, stamp } = stored('<p>trusted</p>');
    writeFileSync(pageFile(hash), '<p>TRUSTED</p>');
    utimesSync(pageFile(hash), mtime, mtime);
    expect(cache.pageStamp(hash)).toBe(stamp);
    const target = path.join(out, 'trusted.html');
    // Linked without hashing: this is the documented trade-off of stamps.
    expect(cache.placePage(hash, stamp, target)).toEqual({ stamp, linked: true });
    expect(readFileSync(target, 'utf8')).toBe('<p>TRUSTED</p>');
  });

  it('after the stored file changed (new stamp): verifies by hash and returns null when it is corrupt', () => {
    const { cache, hash, stamp } = stored('<p>to be damaged</p>');
    writeFileSync(pageFile(hash), '<p>damaged</p>');
    expect(cache.pageStamp(hash)).not.toBe(stamp);
    const target = path.join(out, 'damaged.html');
    expect(cache.placePage(hash, stamp, target)).toBeNull();
    expect(() => statSync(target)).toThrow();
  });

  it('after the stored file was touched but not changed: verifies by hash, links it, and returns the new stamp', () => {
    const { cache, bytes, hash, stamp } = stored('<p>touched</p>');
    const later = new Date('2024-06-01T00:00:00Z');
    utimesSync(pageFile(hash), later, later);
    const now = cache.pageStamp(hash)!;
    expect(now).not.toBe(stamp);
    const target = path.join(out, 'touched.html');
    expect(cache.placePage(hash, stamp, target)).toEqual({ stamp: now, linked: true });
    expect(statSync(target).ino).toBe(statSync(pageFile(hash)).ino);
    expect(readFileSync(target)).toEqual(bytes);
  });

  it('with no recorded stamp: verifies by hash', () => {
    const { cache, hash, stamp } = stored('<p>no stamp</p>');
    expect(cache.placePage(hash, undefined, path.join(out, 'a.html'))).toEqual({ stamp, linked: true });
    writeFileSync(pageFile(hash), '<p>no stamP</p>');
    expect(cache.placePage(hash, undefined, path.join(out, 'b.html'))).toBeNull();
  });

  it('copies where it cannot link, and says the copy is not the stored file', () => {
    const { hash, stamp, bytes } = stored('<p>copied</p>');
    const cache = BuildCache.open(dir, { read: true });
    const target = path.join(out, 'taken.html');
    writeFileSync(target, 'already here'); // a link cannot replace a file
    expect(cache.placePage(hash, stamp, target)).toEqual({ stamp, linked: false });
    expect(readFileSync(target)).toEqual(bytes);
    expect(statSync(target).ino).not.toBe(statSync(pageFile(hash)).ino);
  });

  it('returns null for a page that is not stored', () => {
    const cache = BuildCache.open(dir, { read: true });
    const target = path.join(out, 'missing.html');
    expect(cache.placePage(page('never').hash, 'some:stamp:1', target)).toBeNull();
    expect(() => statSync(target)).toThrow();
  });
});

describe('BuildCache.prunePages', () => {
  it('deletes the page files not in the keep set, and keeps the others intact', async () => {
    const cache = BuildCache.open(dir, { read: true });
    const pages = ['<p>1</p>', '<p>2</p>', '<p>3</p>'].map(page);
    for (const p of pages) cache.writePage(p.hash, p.bytes);
    await cache.prunePages(new Set([pages[0]!.hash, pages[2]!.hash, 'f'.repeat(64)]));
    expect(readdirSync(path.join(dir, 'pages')).sort()).toEqual([`${pages[0]!.hash}.html`, `${pages[2]!.hash}.html`].sort());
    expect(cache.readPage(pages[0]!.hash)).toEqual(pages[0]!.bytes);
    expect(cache.readPage(pages[1]!.hash)).toBeNull();
  });

  it('deletes everything when nothing is kept, and leaves the packs alone', async () => {
    const cache = BuildCache.open(dir, { read: true });
    cache.writePack('pages', 'key-1', { '/': 1 });
    const p = page('<p>gone</p>');
    cache.writePage(p.hash, p.bytes);
    await cache.prunePages(new Set());
    expect(readdirSync(path.join(dir, 'pages'))).toEqual([]);
    expect(cache.readPack('pages', 'key-1')).toEqual({ '/': 1 });
  });
});
