/**
 * The CLI as a user runs it: `node bin/site.js` in a child process.
 * Broken content copies (made from content/ in a temp folder) must fail with
 * exit code 1 and a message that names file, line, field, expected, found and
 * a hint, and must leave a previously built folder byte for byte unchanged.
 */
import { cp, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTree, runSite, type Run } from './runSite.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));


/** `site ...` with the repository as the working folder. */
const site = (...args: string[]): Promise<Run> => runSite(root, ...args);


/** The 1-based line of the first line containing needle. */
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

interface Breakage {
  name: string;
  /** Changes the copied content folder; returns what the message must contain. */
  apply: (dir: string) => Promise<{ file: string; line: number | number[]; field?: string; expected: string; found: string }>;
}

/** Replaces one exact piece of text in a content file, failing loudly if it is not there. */
async function edit(dir: string, rel: string, change: (text: string) => string): Promise<string> {
  const file = path.join(dir, rel);
  const before = await readFile(file, 'utf8');
  const after = change(before);
  expect(after, `edit of ${rel} changed nothing`).not.toBe(before);
  await writeFile(file, after);
  return after;
}

const breakages: Breakage[] = [
  {
    name: 'a front matter field is missing',
    apply: async (dir) => {
      await edit(dir, 'blog/matik-vs-decksmith.md', (t) => t.replace(/^author:.*\n/m, ''));
      return { file: 'blog/matik-vs-decksmith.md', line: 1, field: 'author', expected: 'must be a string', found: 'nothing (the field is missing)' };
    },
  },
  {
    name: 'a JSON file misses a comma',
    apply: async (dir) => {
      const text = await edit(dir, 'site.json', (t) => t.replace(/("name": "[^"]*"),/, '$1'));
      const line = lineOf(text, '"name":');
      return { file: 'site.json', line: [line, line + 1], expected: "Expected ','", found: 'is not valid JSON' };
    },
  },
  {
    name: 'an article has an unknown category',
    apply: async (dir) => {
      const text = await edit(dir, 'blog/ai-trust-presentations.md', (t) => t.replace(/^category: .*$/m, 'category: "Opinions"'));
      return {
        file: 'blog/ai-trust-presentations.md',
        line: lineOf(text, 'category:'),
        field: 'category',
        expected: 'must be one of Opinion, Comparisons, Tools',
        found: '"Opinions"',
      };
    },
  },
  {
    name: 'an article has an impossible unquoted date',
    apply: async (dir) => {
      const text = await edit(dir, 'blog/gamma-vs-google-slides.md', (t) => t.replace(/^date: .*$/m, 'date: 2025-02-30'));
      return {
        file: 'blog/gamma-vs-google-slides.md',
        line: lineOf(text, 'date:'),
        field: 'date',
        expected: 'must be a real calendar date',
        found: '"2025-02-30"',
      };
    },
  },
  {
    name: 'a page JSON field has the wrong type',
    apply: async (dir) => {
      const text = await edit(dir, 'pages/enterprise.json', (t) => {
        const data = JSON.parse(t) as { seo: { title: unknown } };
        data.seo.title = 42;
        return `${JSON.stringify(data, null, 2)}\n`;
      });
      return { file: 'pages/enterprise.json', line: lineOf(text, '"title": 42'), field: 'seo.title', expected: 'must be a string', found: 'number 42' };
    },
  },
];

let tmp: string;
let out: string;
let first: Run;
let before: Record<string, string>;
let broken: { breakage: Breakage; expect: Awaited<ReturnType<Breakage['apply']>>; run: Run }[];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-cli-'));
  out = path.join(tmp, 'out');
  const good = path.join(tmp, 'content');
  await cp(path.join(root, 'content'), good, { recursive: true });
  // No social images: the failed builds after it stop before drawing any (the up-to-date test reports them).
  first = await site('build', '--content', good, '--out', out, '--no-social-images');
  before = first.code === 0 ? await hashTree(out) : {};
  // Every broken build targets the same, previously built output folder.
  broken = await Promise.all(
    breakages.map(async (breakage, i) => {
      const dir = path.join(tmp, `broken-${i}`);
      await cp(good, dir, { recursive: true });
      const expected = await breakage.apply(dir);
      return { breakage, expect: expected, run: await site('build', '--content', dir, '--out', out) };
    }),
  );
});

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('site --help / --version', () => {
  it('prints usage with the build command', async () => {
    const run = await site('--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: site');
    expect(run.stdout).toMatch(/^\s+build \[options\]\s+build the site/m);
  });

  it("says what --site-url overrides in the engine's words, naming no site's file", async () => {
    const run = await site('build', '--help');
    expect(run.code).toBe(0);
    const help = run.stdout.replace(/\s+/g, ' ');
    expect(help).toContain('--site-url <url> absolute http(s) URL the pages, sitemap and feeds are made for (default: the "url" of the site config\'s meta)');
    expect(help).not.toContain('content/site.json');
  });

  it('lists every command and subcommand, backend status, admin grant/revoke and gen types included', async () => {
    const run = await site('--help');
    expect(run.code).toBe(0);
    const listed = [...run.stdout.matchAll(/^ {2}(site [^\n]*?) {2,}\S/gm)].map((m) => m[1]!.trim());
    expect(listed).toEqual([
      'site build',
      'site init [dir]',
      'site dev',
      'site preview',
      'site backend',
      'site backend status',
      'site admin',
      'site admin grant <email>',
      'site admin revoke <email>',
      'site gen',
      'site gen types',
    ]);
    expect(run.stdout).toMatch(/^ {2}site backend status +print the API URL and keys/m);
    expect(run.stdout).toMatch(/^ {2}site gen types +print the TypeScript Database types/m);
  });

  it('prints the package version', async () => {
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
    const run = await site('--version');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(pkg.version);
  });
});

describe('site build', () => {
  it('builds the content and prints the summary line', () => {
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^Built 22 pages \(\d+ files, [\d.]+ (KB|MB)\) into .+ in \d+ ms \(\d+ rendered, \d+ from cache\)$/m);
    expect(Object.keys(before)).toContain('index.html');
    expect(Object.keys(before)).toContain('404.html');
  });

  it.each(breakages.map((b, i) => [b.name, i] as const))('fails with a precise message when %s', (_, i) => {
    const { run, expect: want } = broken[i]!;
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).not.toMatch(/^Built/m);
    const lines = Array.isArray(want.line) ? want.line : [want.line];
    const at = new RegExp(`${want.file.replace(/[.]/g, '\\.')}:(\\d+)`).exec(run.stderr);
    expect(at, run.stderr).not.toBeNull();
    expect(lines, run.stderr).toContain(Number(at![1]));
    if (want.field) expect(run.stderr).toContain(`field "${want.field}"`);
    expect(run.stderr).toContain(want.expected);
    expect(run.stderr).toContain(want.found);
    expect(run.stderr).toMatch(/^Hint: \S/m);
    expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
  });

  it('says "Up to date" and keeps the output when nothing changed since the last build, and builds again after an edit', async () => {
    const content = path.join(tmp, 'content-up-to-date');
    await cp(path.join(tmp, 'content'), content, { recursive: true });
    // Content saved a day ago: nothing is close enough to the build's start to hide an edit (buildRecord.ts).
    const old = new Date(Date.now() - 86_400_000);
    for (const e of await readdir(content, { recursive: true, withFileTypes: true })) await utimes(path.join(e.parentPath, e.name), old, old);
    await utimes(content, old, old);
    const args = ['build', '--content', content, '--out', path.join(tmp, 'up-to-date'), '--cache-dir', path.join(tmp, 'cache-up-to-date')];
    const built = await site(...args);
    expect(built.code, built.stderr).toBe(0);
    const tree = await hashTree(path.join(tmp, 'up-to-date'));

    const again = await site(...args);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^Up to date: 22 pages \(\d+ files, [\d.]+ (KB|MB)\) in .+, nothing changed since the last build \(checked in \d+ ms\)$/m);
    expect(again.stdout).not.toMatch(/^Built/m);
    // The same JavaScript report as the build printed, and the same warning about the missing backend. The
    // social images' line says what the build made; the check, that they are in place.
    expect(built.stdout).toMatch(/^Social images: 7 \(7 made, 0 from cache\)$/m);
    expect(again.stdout).toMatch(/^Social images: 7, in place$/m);
    const report = (stdout: string) => stdout.replace(/^(Up to date|Built|Social images).*\n/gm, '');
    expect(report(again.stdout)).toBe(report(built.stdout));
    expect(again.stderr).toBe(built.stderr);
    expect(await hashTree(path.join(tmp, 'up-to-date'))).toEqual(tree);

    await edit(content, 'blog/ai-trust-presentations.md', (t) => `${t}\nOne more sentence.\n`);
    const edited = await site(...args);
    expect(edited.stdout).toMatch(/^Built 22 pages .*\(1 rendered, 21 from cache\)$/m);
    expect((await site(...args, '--no-cache', '--no-social-images')).stdout).toMatch(/^Built 22 pages .*\(22 rendered, 0 from cache\)$/m);
  });

  it('leaves the previous output byte for byte unchanged after the failed builds', async () => {
    expect(await hashTree(out)).toEqual(before);
    expect((await readdir(tmp)).filter((n) => n.startsWith('.'))).toEqual([]);
  });
});
