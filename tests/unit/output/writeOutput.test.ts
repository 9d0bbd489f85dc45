/** writeOutput swaps a complete folder in atomically and never damages the previous output. */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { markerEntries, markerText, OUTPUT_MARKER } from '../../../generator/output/outputMarker.ts';
import { OutputDir, SWAP_FROM, writeOutput, type OutputFiles } from '../../../generator/output/writeOutput.ts';

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

/** The marker every output holds: the sign that a build may replace the folder again, listing what it wrote. */
const MARK = { [OUTPUT_MARKER]: markerText(['assets', 'blog', 'index.html']) };

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

  it("lists the output's top-level entries in its marker", async () => {
    await writeOutput(out, site(1));
    expect(markerEntries(await readFile(path.join(out, OUTPUT_MARKER), 'utf8'))).toEqual(['assets', 'blog', 'index.html']);
  });

  it('moves the kept entries of the previous output into the new one, left as they were', async () => {
    await writeOutput(out, site(1));
    await mkdir(path.join(out, '.git', 'refs'), { recursive: true });
    await writeFile(path.join(out, '.git', 'refs', 'main'), 'abc123');
    await writeFile(path.join(out, 'CNAME'), 'www.example.com');
    await writeOutput(out, site(2), { keep: ['.git', 'CNAME', 'not-there'] });
    expect(await snapshot(out)).toEqual({
      ...MARK,
      '.git/refs/main': 'abc123',
      CNAME: 'www.example.com',
      'index.html': '<h1>home 2</h1>',
      'blog/post.html': '<h1>post 2</h1>',
      'assets/logo.svg': '<svg>2</svg>',
    });
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('refuses to write over a kept entry, leaving the previous output as it was', async () => {
    await writeOutput(out, site(1));
    await writeFile(path.join(out, 'CNAME'), 'www.example.com');
    const before = await snapshot(out);
    const files = new Map(site(2)).set('CNAME', 'other.example.com');
    await expect(writeOutput(out, files, { keep: ['CNAME'] })).rejects.toMatchObject({ code: 'OutputKeepWritten' });
    expect(await snapshot(out)).toEqual(before);
    expect(await readdir(parent)).toEqual(['dist']);
  });
});

describe('OutputDir in place', () => {
  /** A build of `files` into the previous output, in place when it is a build's. */
  async function inPlace(files: OutputFiles, keep: string[] = []): Promise<OutputDir> {
    const next = await OutputDir.open(out, { inPlace: true, keep });
    for (const [file, data] of files) next.write(file, data);
    await next.commit();
    return next;
  }

  /** `count` pages, the first `changed` of them in version n, the others as every version has them. */
  const many = (n: number, changed: number, count = 10): OutputFiles =>
    new Map(Array.from({ length: count }, (_, i): [string, string] => [`blog/p${i}.html`, `<p>${i < changed ? n : 0} ${i}</p>`]));

  it('writes only the files that changed, removes those no longer written, and keeps the kept entries', async () => {
    await writeOutput(out, new Map([...many(1, 0), ['old.html', 'gone soon']]));
    await writeFile(path.join(out, 'CNAME'), 'www.example.com');
    const unchanged = (await stat(path.join(out, 'blog/p9.html'))).ino;
    const folder = (await stat(out)).ino;
    const next = await inPlace(many(2, 8), ['CNAME']);
    expect(next.inPlace).toBe(true);
    expect((await stat(out)).ino).toBe(folder);
    expect((await stat(path.join(out, 'blog/p9.html'))).ino).toBe(unchanged);
    const files = await snapshot(out);
    expect(files['blog/p0.html']).toBe('<p>2 0</p>');
    expect(files['blog/p9.html']).toBe('<p>0 9</p>');
    expect(files['old.html']).toBeUndefined();
    expect(files.CNAME).toBe('www.example.com');
    expect(markerEntries(files[OUTPUT_MARKER]!)).toEqual(['blog']);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('removes folders holding no file of the new output, one made by hand and empty too, and keeps those that do', async () => {
    await writeOutput(out, new Map([...many(1, 0), ['old/a.html', 'gone soon'], ['old/deep/b.html', 'gone soon']]));
    await mkdir(path.join(out, 'blog', 'empty'));
    await mkdir(path.join(out, 'made', 'by', 'hand'), { recursive: true });
    await inPlace(many(2, 1));
    expect((await readdir(out)).sort()).toEqual([OUTPUT_MARKER, 'blog'].sort());
    expect((await readdir(path.join(out, 'blog'))).sort()).toEqual(Object.keys(Object.fromEntries(many(2, 1))).map((f) => f.slice('blog/'.length)).sort());
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('swaps a new folder in whole when thousands of files changed, most of the output, the unchanged files in it too', async () => {
    const count = SWAP_FROM + 200;
    await writeOutput(out, many(1, 0, count));
    const folder = (await stat(out)).ino;
    await inPlace(many(2, SWAP_FROM + 1, count));
    expect((await stat(out)).ino).not.toBe(folder);
    const files = await snapshot(out);
    expect(Object.keys(files)).toHaveLength(count + 1);
    expect(files[`blog/p${SWAP_FROM}.html`]).toBe(`<p>2 ${SWAP_FROM}</p>`);
    expect(files[`blog/p${SWAP_FROM + 1}.html`]).toBe(`<p>0 ${SWAP_FROM + 1}</p>`);
    expect(await readdir(parent)).toEqual(['dist']);
  });

  it('is a whole build into a folder without a marker', async () => {
    await mkdir(out);
    expect((await OutputDir.open(out, { inPlace: true })).inPlace).toBe(false);
  });

  it('refuses to write over a kept entry, leaving the previous output as it was', async () => {
    await writeOutput(out, site(1));
    await writeFile(path.join(out, 'CNAME'), 'www.example.com');
    const before = await snapshot(out);
    await expect(inPlace(new Map(site(1)).set('CNAME', 'other.example.com'), ['CNAME'])).rejects.toMatchObject({ code: 'OutputKeepWritten' });
    expect(await snapshot(out)).toEqual(before);
  });
});

describe('markerEntries', () => {
  it('reads back what markerText lists, the marker itself aside, and nothing from a marker that lists nothing', () => {
    expect(markerEntries(markerText(['b', 'a', OUTPUT_MARKER]))).toEqual(['a', 'b']);
    expect(markerEntries('This folder was written by `site build`.\n')).toEqual([]);
  });
});

