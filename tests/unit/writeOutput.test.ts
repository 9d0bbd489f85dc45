/** writeOutput swaps a complete folder in atomically and never damages the previous output. */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OUTPUT_MARKER, OUTPUT_MARKER_TEXT, OutputDir, writeOutput, type OutputFiles } from '../../generator/writeOutput.ts';

let parent: string;
let out: string;
beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'site-write-'));
  out = path.join(parent, 'dist');
});
afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

/** Every file under dir (relative path -> content), recursively. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  for (const e of entries.filter((x) => x.isFile())) {
    const full = path.join(e.parentPath, e.name);
    files[path.relative(dir, full).split(path.sep).join('/')] = await readFile(full, 'utf8');
  }
  return files;
}

/** The marker every output holds: the sign that a build may replace the folder again. */
const MARK = { [OUTPUT_MARKER]: OUTPUT_MARKER_TEXT };

const site = (n: number): OutputFiles =>
  new Map<string, string | Uint8Array>([
    ['index.html', `<h1>home ${n}</h1>`],
    ['blog/post.html', `<h1>post ${n}</h1>`],
    ['assets/logo.svg', new TextEncoder().encode(`<svg>${n}</svg>`)],
  ]);

describe('writeOutput', () => {
  it('writes every file, strings and bytes, creating folders', async () => {
    await writeOutput(out, site(1));
    expect(await snapshot(out)).toEqual({
      ...MARK,
      'index.html': '<h1>home 1</h1>',
      'blog/post.html': '<h1>post 1</h1>',
      'assets/logo.svg': '<svg>1</svg>',
    });
  });

  it('leaves the output folder readable by others (a web server serving it in place)', async () => {
    await writeOutput(out, site(1));
    expect((await stat(out)).mode & 0o777).toBe(0o755);
  });

  it('creates a missing parent folder', async () => {
    const deep = path.join(parent, 'a', 'b', 'dist');
    await writeOutput(deep, site(1));
    expect(Object.keys(await snapshot(deep))).toHaveLength(4);
  });

  it('replaces the previous output as a whole: stale files disappear', async () => {
    await mkdir(out);
    await writeFile(path.join(out, 'stale.html'), 'old page');
    await writeOutput(out, site(1));
    await writeOutput(out, site(2));
    expect(await snapshot(out)).toEqual({
      ...MARK,
      'index.html': '<h1>home 2</h1>',
      'blog/post.html': '<h1>post 2</h1>',
      'assets/logo.svg': '<svg>2</svg>',
    });
  });

  it('leaves no temporary or old folders behind', async () => {
    await writeOutput(out, site(1));
    await writeOutput(out, site(2));
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('commit({ background: true }) swaps at once and deletes the previous output soon after', async () => {
    await writeOutput(out, site(1));
    const next = await OutputDir.open(out);
    for (const [file, data] of site(2)) next.write(file, data);
    await next.commit({ background: true });
    expect(await snapshot(out)).toEqual({
      ...MARK,
      'index.html': '<h1>home 2</h1>',
      'blog/post.html': '<h1>post 2</h1>',
      'assets/logo.svg': '<svg>2</svg>',
    });
    for (let i = 0; i < 100 && (await readdir(parent)).length > 1; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it.each([
    ['a file where a folder must go', new Map([['blog', 'x'], ['blog/post.html', 'y']])],
    ['a path with a NUL byte', new Map([['index.html', 'x'], ['bad\0name.html', 'y']])],
    ['a path that climbs out of the folder', new Map([['index.html', 'x'], ['../escaped.html', 'y']])],
    ['an absolute path', new Map([['index.html', 'x'], [path.join(os.tmpdir(), 'site-write-abs.html'), 'y']])],
  ])('keeps the previous output byte for byte when writing fails (%s)', async (_, files) => {
    await writeOutput(out, site(1));
    const before = await snapshot(out);
    await expect(writeOutput(out, files as OutputFiles)).rejects.toThrow();
    expect(await snapshot(out)).toEqual(before);
    expect((await readdir(parent)).sort()).toEqual(['dist']);
  });

  it('writes nothing at all when the first build fails', async () => {
    await expect(writeOutput(out, new Map([['../escaped.html', 'y']]))).rejects.toThrow(/not inside the output folder/);
    expect(await readdir(parent)).toEqual([]);
  });

  it('leaves one complete output and no temporary folder when two writes race', async () => {
    const results = await Promise.allSettled([writeOutput(out, site(1)), writeOutput(out, site(2))]);
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    const files = await snapshot(out);
    // One build's files, never a mix of both.
    const n = files['index.html']!.match(/home (\d)/)![1];
    expect(files).toEqual({ ...MARK, 'index.html': `<h1>home ${n}</h1>`, 'blog/post.html': `<h1>post ${n}</h1>`, 'assets/logo.svg': `<svg>${n}</svg>` });
    expect(await readdir(parent)).toEqual(['dist']);
  });
});

describe('OutputDir.keep: updating the current output in place', () => {
  /** The inode of every entry below dir (relative path -> inode). */
  async function inodes(dir: string): Promise<Record<string, number>> {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    const out: Record<string, number> = { '.': (await stat(dir)).ino };
    for (const e of entries) out[path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')] = (await stat(path.join(e.parentPath, e.name))).ino;
    return out;
  }

  /** A build that keeps `kept` where they are, renders `rendered` and writes `others`. */
  async function patchBuild(kept: string[], rendered: OutputFiles, others: OutputFiles): Promise<void> {
    const next = await OutputDir.open(out);
    for (const [file, data] of [...rendered, ...others]) next.write(file, data);
    next.keep(kept, [...rendered.keys()]);
    await next.commit();
  }

  it('adds new files, replaces changed and rendered ones, deletes what is no longer made, and leaves the rest as it is', async () => {
    await writeOutput(
      out,
      new Map<string, string>([
        ['index.html', 'home'],
        ['blog/a.html', 'a'],
        ['blog/b.html', 'b'],
        ['assets/old.css', 'old'],
        ['assets/logo.svg', 'logo'],
        ['gone/page.html', 'gone'],
      ]),
    );
    const before = await inodes(out);
    await patchBuild(
      ['index.html', 'blog/a.html'],
      new Map([['blog/b.html', 'b']]), // rendered again, same bytes: replaced all the same
      new Map([
        ['assets/new.css', 'new'],
        ['assets/logo.svg', 'logo'], // same bytes: stays
        ['sitemap.xml', 'urls'],
      ]),
    );
    expect(await snapshot(out)).toEqual({
      ...MARK,
      'index.html': 'home',
      'blog/a.html': 'a',
      'blog/b.html': 'b',
      'assets/new.css': 'new',
      'assets/logo.svg': 'logo',
      'sitemap.xml': 'urls',
    });
    const after = await inodes(out);
    for (const same of ['.', 'index.html', 'blog/a.html', 'assets/logo.svg', 'blog', 'assets']) expect(after[same], same).toBe(before[same]);
    expect(after['blog/b.html']).not.toBe(before['blog/b.html']);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('touches nothing when nothing changed', async () => {
    await writeOutput(out, site(1));
    const before = await inodes(out);
    await patchBuild(['index.html', 'blog/post.html'], new Map(), new Map([['assets/logo.svg', '<svg>1</svg>']]));
    expect(await inodes(out)).toEqual(before);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('swaps a new folder in instead when the current output has a file where a folder must go', async () => {
    await writeOutput(out, new Map([['index.html', 'home'], ['assets', 'a file']]));
    const folder = (await stat(out)).ino;
    await patchBuild(['index.html'], new Map(), new Map([['assets/logo.svg', 'logo']]));
    expect(await snapshot(out)).toEqual({ ...MARK, 'index.html': 'home', 'assets/logo.svg': 'logo' });
    expect((await stat(out)).ino).not.toBe(folder);
    expect(await readdir(parent)).toEqual(['dist']);
  });
});

