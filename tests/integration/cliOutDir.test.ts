/**
 * `site build` never destroys a folder it did not make. The builds run in a throwaway copy of the project
 * that is a git repository, so that a build that wrongly replaced a folder would damage only the copy: in
 * this process (buildHere: the exit code and error text `site build` gives), and as a user runs the CLI
 * (`node bin/site.js` in a child process, from this project with absolute folders) for a refused output
 * folder, a refused cache folder and the help.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHere, type Built } from './buildHere.ts';
import { hashTree, runSite } from './runSite.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));


let tmp: string;
let project: string;

/** `site ...` as a user runs it, from this project (whose CLI bundle every CLI test shares): absolute folders only. */
const site = (...args: string[]) => runSite(repo, ...args);

/** The options `site build --out <dir> [--empty-out-dir] [--keep <entries>]` gives build(), run in the project copy. */
function flags(args: string[]): { out: string; emptyOutDir?: boolean; keep?: string[] } {
  const out = args[args.indexOf('--out') + 1]!;
  const keep = args.includes('--keep') ? args[args.indexOf('--keep') + 1]!.split(',') : undefined;
  return { out, emptyOutDir: args.includes('--empty-out-dir') || undefined, keep };
}


/** A folder holding one file of the user's. */
async function userFolder(rel: string): Promise<string> {
  const dir = path.join(tmp, rel);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'holiday.jpg'), 'a photo');
  return dir;
}

/**
 * A build of its own: a cache folder no other run shares, a copy of the one a first build filled (what a
 * build may replace does not depend on what it renders again). No social images: what a build may replace
 * does not depend on them, and drawing them is half of each cold build of this site.
 */
let runs = 0;
const build = async (...args: string[]): Promise<Built> => {
  const cache = path.join(tmp, `cache-${++runs}`);
  await cp(warmCache, cache, { recursive: true });
  return buildHere({ root: project, cacheDir: cache, ...flags(args) });
};
let warmCache: string;

const hasGit = (() => {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-outdir-'));
  project = path.join(tmp, 'project');
  await Promise.all(
    ['site.config.ts', 'content', 'templates', 'widgets', 'supabase', 'scripts', 'package.json', 'tsconfig.json'].map((p) =>
      cp(path.join(repo, p), path.join(project, p), { recursive: true }),
    ),
  );
  await symlink(path.join(repo, 'node_modules'), path.join(project, 'node_modules'), 'dir');
  await mkdir(path.join(project, 'docs'));
  await writeFile(path.join(project, 'docs', 'guide.md'), 'how to');
  if (hasGit) {
    const git = (...args: string[]) => execFileSync('git', ['-C', project, ...args], { stdio: 'ignore' });
    git('init', '-q');
    git('add', 'content', 'docs', 'package.json');
  } else {
    await mkdir(path.join(project, '.git'));
    await writeFile(path.join(project, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  }
  warmCache = path.join(tmp, 'cache-warm');
  const first = await buildHere({ root: project, out: path.join(tmp, 'out-warm'), cacheDir: warmCache });
  expect(first.code, first.stderr).toBe(0);
  await rm(path.join(tmp, 'out-warm'), { recursive: true });
}, 120_000);
afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('site build --out', () => {
  it('refuses a folder holding a file of the user\'s, naming the folder and the file, and writes nothing', async () => {
    const dir = await userFolder('photos');
    const cache = path.join(tmp, 'cache-refused');
    const run = await site('build', '--out', dir, '--cache-dir', cache);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).not.toMatch(/^Built/m);
    expect(run.stderr).toContain('[OutputDirNotEmpty]');
    expect(run.stderr).toContain(`${dir} is not empty`);
    expect(run.stderr).toContain('holiday.jpg');
    expect(run.stderr).toMatch(/^Hint: .*--empty-out-dir/m);
    expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(await readFile(path.join(dir, 'holiday.jpg'), 'utf8')).toBe('a photo');
    expect(await readdir(dir)).toEqual(['holiday.jpg']);
    expect((await readdir(tmp)).filter((n) => n.startsWith('.photos'))).toEqual([]); // no temporary folder beside it
    expect(existsSync(cache)).toBe(false);
  });

  it('replaces an ordinary non-empty folder with --empty-out-dir', async () => {
    const dir = await userFolder('old-site');
    const run = await build('--out', dir, '--empty-out-dir');
    expect(run.code, run.stderr).toBe(0);
    expect(run.result!.stats.pages).toBe(22);
    const files = await readdir(dir);
    expect(files).toContain('index.html');
    expect(files).toContain('.site-build');
    expect(files).not.toContain('holiday.jpg');
  });

  it("replaces a previous build's output without the flag, and refuses it once a file was added by hand, naming the file", async () => {
    const dir = path.join(tmp, 'dist');
    expect((await build('--out', dir)).code).toBe(0);
    const again = await build('--out', dir);
    expect(again.code, again.stderr).toBe(0);
    expect(again.result!.stats.pages).toBe(22);
    await writeFile(path.join(dir, 'stray.html'), 'left by hand');
    const before = await hashTree(dir);
    const refused = await build('--out', dir);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain('[OutputDirHasOthers]');
    expect(refused.stderr).toContain(`${dir} holds stray.html, which the last build did not write`);
    expect(refused.stderr).toMatch(/^Hint: .*--keep stray\.html/m);
    expect(await hashTree(dir)).toEqual(before);
    const kept = await build('--out', dir, '--keep', 'stray.html');
    expect(kept.code, kept.stderr).toBe(0);
    expect(await readFile(path.join(dir, 'stray.html'), 'utf8')).toBe('left by hand');
    const emptied = await build('--out', dir, '--empty-out-dir');
    expect(emptied.code, emptied.stderr).toBe(0);
    expect(await readdir(dir)).not.toContain('stray.html');
  });

  it('builds into an empty folder and into a missing one', async () => {
    const empty = path.join(tmp, 'empty');
    await mkdir(empty);
    const missing = path.join(tmp, 'not', 'yet', 'there');
    for (const dir of [empty, missing]) {
      const run = await build('--out', dir);
      expect(run.code, run.stderr).toBe(0);
      expect(await readdir(dir)).toContain('index.html');
    }
  });

  it("refuses a previous build's output whose marker was removed by hand, as any other folder", async () => {
    const dir = path.join(tmp, 'unmarked');
    expect((await build('--out', dir)).code).toBe(0);
    await rm(path.join(dir, '.site-build'));
    const before = await hashTree(dir);
    const run = await build('--out', dir);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('[OutputDirNotEmpty]');
    expect(await hashTree(dir)).toEqual(before);
  });

  it.each([
    ['the project root', '.'],
    ['the folder above the project', '..'],
    ['.git', '.git'],
    ['a folder inside .git', '.git/refs'],
    ['content/blog', 'content/blog'],
    ['the content folder', 'content'],
    ['the scripts folder', 'scripts'],
    ['the templates folder', 'templates'],
    ['node_modules', 'node_modules'],
  ])('refuses %s even with --empty-out-dir, and leaves it as it was', async (_, out) => {
    const dir = path.resolve(project, out);
    const watched = out === '..' ? project : out === 'node_modules' ? path.join(project, 'content') : dir;
    const before = existsSync(watched) ? await hashTree(watched) : {};
    const run = await build('--out', out, '--empty-out-dir');
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('[OutputDirUnsafe]');
    expect(run.stderr).toContain(`Refusing to replace ${dir}`);
    expect(run.stderr).toMatch(/^Hint: Pass an --out folder of its own/m);
    expect(run.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(await hashTree(watched)).toEqual(before);
  });

  it.skipIf(!hasGit)('refuses an output that became a git repository, its history and CNAME intact, and publishes from it with --keep .git,CNAME', async () => {
    const dir = path.join(tmp, 'publish', 'site');
    expect((await build('--out', dir)).code).toBe(0);
    const git = (...args: string[]) => execFileSync('git', ['-C', dir, '-c', 'user.name=Ana', '-c', 'user.email=ana@example.com', ...args], { encoding: 'utf8' });
    git('init', '-q');
    await writeFile(path.join(dir, 'CNAME'), 'www.example.com\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'Publish');
    const before = await hashTree(dir);
    for (const flags of [[], ['--empty-out-dir'], ['--keep', 'CNAME']]) {
      const run = await build('--out', dir, ...flags);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toContain('[OutputDirUnsafe]');
      expect(run.stderr).toContain('is a git repository (it holds .git)');
      expect(run.stderr).toMatch(/^Hint: .*--keep \.git/m);
      expect(await hashTree(dir)).toEqual(before);
    }
    const published = await build('--out', dir, '--keep', '.git,CNAME');
    expect(published.code, published.stderr).toBe(0);
    expect(await readFile(path.join(dir, 'CNAME'), 'utf8')).toBe('www.example.com\n');
    expect(git('log', '--format=%s')).toBe('Publish\n');
    expect(git('status', '--porcelain')).toBe('');
  });

  it.skipIf(!hasGit)("refuses a folder of another repository that holds a committed marker, even with --empty-out-dir", async () => {
    const other = path.join(tmp, 'other-repo');
    const dir = path.join(other, 'public');
    expect((await build('--out', dir)).code).toBe(0);
    execFileSync('git', ['-C', other, 'init', '-q']);
    execFileSync('git', ['-C', other, 'add', '-A']);
    const before = await hashTree(dir);
    for (const flags of [[], ['--empty-out-dir']]) {
      const run = await build('--out', dir, ...flags);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toContain('holds files tracked by git');
      expect(await hashTree(dir)).toEqual(before);
    }
  });

  it.skipIf(!hasGit)("never empties another repository, even with --keep .git --empty-out-dir: its files kept byte for byte", async () => {
    const dir = path.join(tmp, 'tool', 'src');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'main.c'), 'int main(void) { return 0; }\n');
    const git = (...args: string[]) => execFileSync('git', ['-C', dir, '-c', 'user.name=Ana', '-c', 'user.email=ana@example.com', ...args], { encoding: 'utf8' });
    git('init', '-q');
    git('add', 'main.c');
    git('commit', '-q', '-m', 'Start');
    await writeFile(path.join(dir, 'NOTES.txt'), 'not committed yet\n');
    const before = await hashTree(dir);
    const unasked = await build('--out', dir, '--keep', '.git');
    expect(unasked.code, unasked.stderr).toBe(1);
    expect(unasked.stderr).toContain('[OutputDirNotEmpty]');
    for (const flags of [['--keep', '.git', '--empty-out-dir'], ['--keep', '.git,NOTES.txt', '--empty-out-dir']]) {
      const run = await build('--out', dir, ...flags);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toContain('[OutputDirUnsafe]');
      expect(run.stderr).toContain('is a git repository tracking files no build of this site wrote (main.c)');
      expect(run.stderr).toMatch(/^Hint: Only a repository of this site's output/m);
      expect(await hashTree(dir)).toEqual(before);
    }
    expect(git('status', '--porcelain')).toBe('?? NOTES.txt\n');
  });

  it('refuses a --keep name that is a path', async () => {
    const run = await build('--out', path.join(tmp, 'kept-path'), '--keep', 'assets/logo.svg');
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('[OutputKeepInvalid]');
    expect(existsSync(path.join(tmp, 'kept-path'))).toBe(false);
  });

  it.skipIf(!hasGit)('refuses a folder holding files tracked by git even with --empty-out-dir', async () => {
    const run = await build('--out', 'docs', '--empty-out-dir');
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('holds files tracked by git');
    expect(await readFile(path.join(project, 'docs', 'guide.md'), 'utf8')).toBe('how to');
  });
});

describe('site build --cache-dir', () => {
  it('refuses a folder that is not a build cache, and deletes nothing from it', async () => {
    const dir = path.join(tmp, 'albums');
    await mkdir(path.join(dir, 'pages'), { recursive: true });
    await writeFile(path.join(dir, 'pages', 'holiday.jpg'), 'a photo');
    const run = await site('build', '--out', path.join(tmp, 'out-cache-refused'), '--cache-dir', dir);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain('[CacheDirNotEmpty]');
    expect(run.stderr).toContain('pages/holiday.jpg');
    expect(await hashTree(dir)).toEqual({ [path.join('pages', 'holiday.jpg')]: createHash('sha256').update('a photo').digest('hex') });
    expect(existsSync(path.join(tmp, 'out-cache-refused'))).toBe(false);
  });
});

describe('site build --help', () => {
  it('documents --empty-out-dir and the rule', async () => {
    const run = await site('build', '--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--empty-out-dir');
    expect(run.stdout).toMatch(/missing, empty or marked by an earlier build/);
    expect(run.stdout).toContain('--keep <entries>');
  });
});
