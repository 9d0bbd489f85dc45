/**
 * The build record (generator/stages/buildRecord.ts) behind `site build`'s
 * up-to-date check: after a build, the same build is up to date; any change
 * to what the build reads, to the output folder or to the options is not,
 * and the next build is up to date again; an input saved again unchanged
 * is checked by its content; the stamp of an input saved just before a
 * build is never trusted.
 */
import { appendFile, cp, mkdtemp, readdir, readFile, rename, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { build, upToDate } from '../../generator/build.ts';
import type { SiteOptions } from '../../generator/config.ts';
import { BuildCache } from '../../generator/cache/BuildCache.ts';
import { upToDateReport } from '../../generator/stages/buildRecord.ts';
import { recordKey } from '../../generator/stages/buildKey.ts';
import { sourceKey, treeKey } from '../../generator/cache/sourceKey.ts';
import { resolveConfig } from '../../generator/config.ts';
import { generateArticles } from '../../scripts/generateArticles.ts';
import { OUTPUT_MARKER } from '../../generator/output/outputMarker.ts';

let tmp: string;
let content: string;
let options: SiteOptions;

/** A day ago: content last changed then is not racy. */
const OLD = Date.now() - 86_400_000;
let tick = 0;

/**
 * Every file and folder below `dir` (and `dir`) changed in the last minute gets a modification time of
 * its own a day ago: a change the test made is still a change (a new time), but not a racy one. The
 * others keep theirs.
 */
async function settle(dir: string, all = false): Promise<void> {
  const entries = (await readdir(dir, { recursive: true, withFileTypes: true })).map((e) => path.join(e.parentPath, e.name));
  for (const file of [...entries, dir]) {
    if (!all && (await stat(file)).mtimeMs < Date.now() - 60_000) continue;
    const when = new Date(OLD + (all ? 0 : ++tick * 1000));
    await utimes(file, when, when);
  }
}

const buildNow = (extra: SiteOptions = {}) => build({ ...options, ...extra });
const out = (...rel: string[]) => path.join(tmp, 'out', ...rel);
const article = (slug: string) => path.join(content, 'blog', `${slug}.md`);

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-record-'));
  content = path.join(tmp, 'content');
  await cp('content', content, { recursive: true });
  await generateArticles(content, 12);
  await settle(content, true);
  // No social images but in the first test: what makes a build up to date does not depend on them, and a
  // changed article or site.json draws them again.
  options = { content, out: out(), cacheDir: path.join(tmp, 'cache'), backend: null, log: () => {}, progress: false, socialImages: false };
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('build record', () => {
  it("after a build the same build is up to date, with that build's report", async () => {
    const withImages = { ...options, socialImages: true };
    expect(upToDate(withImages)).toBeNull(); // no build yet
    const result = await buildNow(withImages);
    const { pages, files, bytes, cache, workers, social } = result.stats;
    expect(social).toEqual({ made: 19, cached: 0 }); // an image per article
    expect(upToDate(withImages)).toEqual({ pages, files, bytes, cache, workers, social, js: result.js });
    expect(upToDate({ ...withImages, cache: false })).toBeNull(); // --no-cache always builds
  });

  it.each([
    ['an article edited (same size)', () => rewriteSameSize(article('bench-00003'))],
    ['an article added', () => addArticle('bench-99999')],
    ['an article deleted', () => unlink(article('bench-00005'))],
    ['site.json edited', () => appendFile(path.join(content, 'site.json'), '\n')],
    ['widgets.json edited', () => appendFile(path.join(content, 'widgets.json'), '\n')],
    ['an article renamed', () => rename(article('bench-00008'), article('bench-00108'))],
    ['a page edited in the output', () => appendFile(out('blog', 'bench-00001.html'), '<!-- -->')],
    ['a page deleted from the output', () => unlink(out('blog', 'bench-00002.html'))],
    ['a stray file in a folder of the output', () => writeFile(out('blog', 'stray.txt'), 'x')],
    ['the output folder removed', () => rm(out(), { recursive: true })],
  ])('%s: not up to date, and up to date again after the next build', async (_, change) => {
    await buildNow();
    expect(upToDate(options)).not.toBeNull();
    await change();
    await settle(content); // what makes it out of date is the change itself, not a racy time
    expect(upToDate(options)).toBeNull();
    await buildNow();
    expect(upToDate(options)).not.toBeNull();
  });

  it('a stray file at the top of the output: the check and the build refuse the folder, naming the file, and leave it', async () => {
    await buildNow();
    await writeFile(out('stray.txt'), 'x');
    expect(() => upToDate(options)).toThrow(expect.objectContaining({ code: 'OutputDirHasOthers' }));
    await expect(buildNow()).rejects.toMatchObject({ code: 'OutputDirHasOthers', message: expect.stringContaining('holds stray.txt,') });
    expect(await readFile(out('stray.txt'), 'utf8')).toBe('x');
    await unlink(out('stray.txt'));
    await buildNow();
    expect(upToDate(options)).not.toBeNull();
  });

  it("the output's marker edited: not up to date, and the next build writes it again", async () => {
    await buildNow();
    const marker = await readFile(out(OUTPUT_MARKER), 'utf8');
    await appendFile(out(OUTPUT_MARKER), 'edited');
    expect(upToDate(options)).toBeNull();
    await buildNow();
    expect(await readFile(out(OUTPUT_MARKER), 'utf8')).toBe(marker);
    expect(upToDate(options)).not.toBeNull();
  });

  it("the output's marker removed: the check and the next build refuse the folder unless told to empty it", async () => {
    await buildNow();
    await unlink(out(OUTPUT_MARKER));
    expect(() => upToDate(options)).toThrow(expect.objectContaining({ code: 'OutputDirNotEmpty' }));
    await expect(buildNow()).rejects.toMatchObject({ code: 'OutputDirNotEmpty' });
    expect(await readdir(out())).toContain('index.html');
    await buildNow({ emptyOutDir: true });
    expect(upToDate(options)).not.toBeNull();
  });

  it('other options are another build: a site URL, a backend, another output folder', async () => {
    await buildNow();
    expect(upToDate(options)).not.toBeNull();
    expect(upToDate({ ...options, siteUrl: 'https://elsewhere.example' })).toBeNull();
    expect(upToDate({ ...options, backend: { url: 'http://127.0.0.1:54321', anonKey: 'anon' } })).toBeNull();
    expect(upToDate({ ...options, out: path.join(tmp, 'other-out') })).toBeNull();
  });

  it('a widget or generator change is another key, and a record of another key is not up to date', async () => {
    await buildNow();
    const config = resolveConfig('build', options);
    const cache = BuildCache.open(config.cacheDir, { read: true });
    const key = recordKey(sourceKey({ root: config.root, dirs: [config.templatesDir], files: [path.join(config.root, 'site.config.ts')] }), treeKey([config.widgetsDir]), config);
    expect(upToDateReport(cache, config, () => key)).not.toBeNull();
    expect(upToDateReport(cache, config, () => `${key}-of-another-generator`)).toBeNull();

    const dir = await mkdtemp(path.join(tmp, 'widgets-'));
    await writeFile(path.join(dir, 'a.ts'), 'export const a = 1;\n');
    const before = treeKey([dir]);
    await writeFile(path.join(dir, 'a.ts'), 'export const a = 2;\n');
    expect(treeKey([dir])).not.toBe(before);
    expect(recordKey('generator', before, config)).not.toBe(recordKey('generator', treeKey([dir]), config));
    expect(recordKey('generator', before, config)).not.toBe(recordKey('generator 2', before, config));
  });

  it('what the build does not read does not count: a file added to pages/, a note beside the articles', async () => {
    await buildNow();
    await writeFile(path.join(content, 'pages', 'notes.txt'), 'not read');
    await writeFile(path.join(content, 'blog', 'notes.txt'), 'not an article');
    await settle(content);
    expect(upToDate(options)).not.toBeNull();
  });

  it('an input saved again unchanged is checked by its content: a new time, a new file in its place (and a new blog/ folder stamp)', async () => {
    await buildNow();
    const when = new Date(OLD + ++tick * 1000);
    await utimes(article('bench-00009'), when, when);
    await utimes(path.join(content, 'site.json'), when, when);
    expect(upToDate(options)).not.toBeNull();
    // As an editor saves: a new file renamed over the old one (another inode; blog/ is modified too).
    await writeFile(`${article('bench-00010')}.tmp`, await readFile(article('bench-00010')));
    await rename(`${article('bench-00010')}.tmp`, article('bench-00010'));
    await settle(content);
    expect(upToDate(options)).not.toBeNull();
  });

  it('an input saved less than two seconds before the build started is checked by its content, not its stamp', async () => {
    const file = article('bench-00007');
    await appendFile(file, '\nOne more sentence.\n'); // now: within the racy window of the next build
    await buildNow();
    expect(upToDate(options)).not.toBeNull(); // the stamp is not trusted, the text is what the build read
    // Changed again, same size and modification time: the same stamp (what a file system with coarse
    // times could give two edits a second apart). Too close to the build's start: hashed, and caught.
    const { mtime } = await stat(file);
    await rewriteSameSize(file);
    await utimes(file, mtime, mtime);
    expect(upToDate(options)).toBeNull();
    // A build three seconds later (the clock the record reads) trusts the stamp, as git's index does:
    // the same trick then goes unnoticed, which is why the window exists.
    const now = Date.now();
    const later = vi.spyOn(Date, 'now').mockImplementation(() => now + 3000);
    try {
      await buildNow();
    } finally {
      later.mockRestore();
    }
    const before = await readFile(file, 'utf8');
    await writeFile(file, before.replace('Read More on', 'Read MORE on').replace('benchmark', 'benchmarK'));
    await utimes(file, mtime, mtime);
    expect((await stat(file)).size).toBe(Buffer.byteLength(before));
    expect(upToDate(options)).not.toBeNull();
    await appendFile(file, '\n'); // a real edit changes the size and time
    expect(upToDate(options)).toBeNull();
  });
});

/** Rewrites a file with one character changed and the same size. */
async function rewriteSameSize(file: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  const edited = text.replace('Read more on', 'Read More on');
  expect(edited).not.toBe(text);
  await writeFile(file, edited);
}

/** A new article: bench-00004's text under a title and description of its own. */
async function addArticle(slug: string): Promise<void> {
  const text = await readFile(article('bench-00004'), 'utf8');
  await writeFile(
    article(slug),
    text.replace(/^title: ".*"$/m, `title: "An added article (${slug})"`).replace(/^description: ".*"$/m, `description: "The article ${slug}, added by the build record test."`),
  );
}
