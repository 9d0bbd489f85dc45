/** readSources hashes an article once and then trusts its stamp, except for files modified too close to when the stamp was taken. */
import { utimesSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentHash } from '../../../generator/core/contentHash.ts';
import { readSource, readSourceFile, readSources, type Stamps } from '../../../generator/cache/readSources.ts';

let tmp: string;
let blog: string;
let run = 0;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-sources-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

const texts: Record<string, string> = {
  'a.md': '---\ntitle: A\n---\nFirst article.\n',
  'b.md': '---\ntitle: B\n---\nSecond article.\n',
  'c.md': '---\ntitle: C\n---\nThird article.\n',
};
const files = Object.keys(texts);
/** A minute ago: well before any '@written' time a call below records. */
const past = () => new Date(Date.now() - 60_000);

/** Writes a file and sets its mtime (default: a minute ago). */
function put(file: string, text: string, mtime: Date = past()) {
  const full = path.join(blog, file);
  writeFileSync(full, text);
  utimesSync(full, mtime, mtime);
}

beforeEach(async () => {
  blog = path.join(tmp, `blog-${++run}`);
  await mkdir(blog);
  for (const f of files) put(f, texts[f]!);
});

describe('readSources', () => {
  it('reads and hashes every file the first time, and records when', () => {
    const before = Date.now();
    const { sources, stamps } = readSources(blog, files, {});
    expect(sources).toEqual(files.map((file) => ({ file, hash: contentHash(texts[file]!), source: texts[file] })));
    expect(Object.keys(stamps).sort()).toEqual(['@written', ...files].sort());
    expect(Number(stamps['@written'])).toBeGreaterThanOrEqual(before);
    for (const f of files) expect(stamps[f]).toMatch(new RegExp(` ${contentHash(texts[f]!)}$`));
  });

  it('keeps the hashes of unchanged files from their stamps without reading them', () => {
    const first = readSources(blog, files, {});
    const second = readSources(blog, files, first.stamps);
    expect(second.sources).toEqual(files.map((file) => ({ file, hash: contentHash(texts[file]!) })));
    for (const s of second.sources) expect(s).not.toHaveProperty('source');
    for (const f of files) expect(second.stamps[f]).toBe(first.stamps[f]);
  });

  it('reads a changed file again and gives it its new hash; the others stay unread', () => {
    const first = readSources(blog, files, {});
    put('b.md', '---\ntitle: B\n---\nSecond article, edited.\n', new Date(Date.now() - 30_000));
    const second = readSources(blog, files, first.stamps);
    const b = second.sources.find((s) => s.file === 'b.md')!;
    expect(b.source).toBe('---\ntitle: B\n---\nSecond article, edited.\n');
    expect(b.hash).toBe(contentHash(b.source!));
    expect(b.hash).not.toBe(contentHash(texts['b.md']!));
    expect(second.stamps['b.md']).not.toBe(first.stamps['b.md']);
    expect(second.sources.filter((s) => s.source !== undefined).map((s) => s.file)).toEqual(['b.md']);
  });

  it('reads a file again when its mtime is within 2 s of when its stamp was recorded (racy), though the stamp matches', async () => {
    const first = readSources(blog, files, {});
    const mtime = (await stat(path.join(blog, 'a.md'))).mtimeMs;
    const racy: Stamps = { ...first.stamps, '@written': String(mtime + 1500) };
    const second = readSources(blog, files, racy);
    const a = second.sources.find((s) => s.file === 'a.md')!;
    expect(second.stamps['a.md']).toBe(first.stamps['a.md']);
    expect(a).toEqual({ file: 'a.md', hash: contentHash(texts['a.md']!), source: texts['a.md'] });
    // Recorded 2.5 s after the mtime: trusted.
    const trusted = readSources(blog, files, { ...first.stamps, '@written': String(mtime + 2500) });
    expect(trusted.sources.find((s) => s.file === 'a.md')).toEqual({ file: 'a.md', hash: contentHash(texts['a.md']!) });
  });

  it('reads a file just written again on the next call (its mtime is too recent to trust)', () => {
    put('c.md', 'fresh text', new Date());
    const first = readSources(blog, files, {});
    const second = readSources(blog, files, first.stamps);
    expect(second.sources.find((s) => s.file === 'c.md')!.source).toBe('fresh text');
    expect(second.sources.find((s) => s.file === 'a.md')!.source).toBeUndefined();
  });

  it('ignores stamps without a hash, stamps of other files and a map with no @written time', () => {
    const first = readSources(blog, files, {});
    const noTime = Object.fromEntries(Object.entries(first.stamps).filter(([k]) => k !== '@written'));
    expect(readSources(blog, files, noTime).sources.every((s) => s.source !== undefined)).toBe(true);
    const stampOnly = { ...first.stamps, 'a.md': first.stamps['a.md']!.split(' ')[0]! };
    expect(readSources(blog, files, stampOnly).sources.find((s) => s.file === 'a.md')!.source).toBe(texts['a.md']);
    const swapped = { ...first.stamps, 'a.md': first.stamps['b.md']! };
    expect(readSources(blog, files, swapped).sources.find((s) => s.file === 'a.md')).toEqual({
      file: 'a.md',
      hash: contentHash(texts['a.md']!),
      source: texts['a.md'],
    });
  });

  it('drops files no longer listed from the stamps it returns', () => {
    const first = readSources(blog, files, {});
    const second = readSources(blog, ['a.md'], first.stamps);
    expect(Object.keys(second.stamps).sort()).toEqual(['@written', 'a.md']);
  });
});

describe('readSource', () => {
  it('returns the text whether the file was read or its hash came from its stamp', () => {
    const first = readSources(blog, files, {});
    const second = readSources(blog, files, first.stamps);
    for (const refs of [first.sources, second.sources]) {
      expect(refs.map((r) => readSource(blog, r))).toEqual(files.map((f) => texts[f]));
    }
  });
});

describe('readSourceFile', () => {
  it('reads any size and any text as readFileSync does, with the stamp statSync gives', async () => {
    const big = `---\ntitle: "Big"\n---\n${'Grüße, “quoted” 日本語 😀 and a BOM-less line.\n'.repeat(4000)}`;
    const samples = { 'empty.md': '', 'bom.md': '\uFEFF---\ntitle: "B"\n---\n', 'big.md': big, 'small.md': 'x' };
    for (const [file, text] of Object.entries(samples)) put(file, text);
    for (const [file, text] of Object.entries(samples)) {
      const read = readSourceFile(blog, file);
      const s = await stat(path.join(blog, file));
      expect(read.source).toBe(text);
      expect(read.hash).toBe(contentHash(text));
      expect(read.entry).toBe(`${s.ino}:${s.size}:${s.mtimeMs} ${contentHash(text)}`);
    }
    expect(Buffer.byteLength(big)).toBeGreaterThan(128 * 1024);
  });
});
