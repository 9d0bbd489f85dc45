/** guardOutDir: what the output folder holds on disk (real folders, real git) decides whether a build may replace it. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardOutDir, readOutDir, realPath, trackedEntries, tracksFiles } from '../../../generator/output/guardOutDir.ts';
import { markerText, OUTPUT_MARKER } from '../../../generator/output/outputMarker.ts';

let tmp: string;
let root: string;
let repo: string;
const hasGit = (() => {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

beforeAll(() => {
  tmp = realPath(mkdtempSync(path.join(os.tmpdir(), 'site-guard-')));
  root = path.join(tmp, 'project');
  mkdirSync(path.join(root, 'content', 'blog'), { recursive: true });
  writeFileSync(path.join(root, 'content', 'blog', 'post.md'), 'text');
  repo = path.join(tmp, 'repo');
  mkdirSync(path.join(repo, 'docs'), { recursive: true });
  mkdirSync(path.join(repo, 'ignored'));
  writeFileSync(path.join(repo, 'docs', 'index.md'), 'tracked');
  writeFileSync(path.join(repo, 'ignored', 'local.txt'), 'not tracked');
  if (hasGit) {
    const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { stdio: 'ignore' });
    git('init', '-q');
    git('add', 'docs/index.md');
  }
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const config = (outDir: string, emptyOutDir = false, keep: string[] = []) => ({
  root,
  outDir,
  keep,
  contentDir: path.join(root, 'content'),
  templatesDir: path.join(root, 'templates'),
  cacheDir: path.join(root, '.site', 'cache', 'build'),
  emptyOutDir,
});
const folder = (name: string, files: Record<string, string> = {}) => {
  const dir = path.join(tmp, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
};
const codeOf = (fn: () => void): string | null => {
  try {
    fn();
    return null;
  } catch (e) {
    return (e as { code: string }).code;
  }
};

describe('readOutDir', () => {
  it('tells a missing folder, a file and a folder apart, with its entries and what its marker lists', () => {
    expect(readOutDir(path.join(tmp, 'nothing-here'))).toEqual({ kind: 'missing' });
    const none = { written: null, repository: false, tracked: false };
    expect(readOutDir(folder('empty'))).toEqual({ kind: 'folder', names: [], ...none });
    const marked = folder('marked', { [OUTPUT_MARKER]: markerText(['index.html']), 'index.html': 'old', CNAME: 'example.com' });
    expect(readOutDir(marked)).toEqual({ kind: 'folder', names: ['.site-build', 'CNAME', 'index.html'], ...none, written: ['index.html'] });
    writeFileSync(path.join(tmp, 'a-file'), 'x');
    expect(readOutDir(path.join(tmp, 'a-file'))).toEqual({ kind: 'file' });
    const many = folder('many', Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`f${i}.txt`, 'x'])));
    expect(readOutDir(many)).toEqual({ kind: 'folder', names: Array.from({ length: 8 }, (_, i) => `f${i}.txt`), ...none });
  });

  it('takes a folder whose marker is a folder, not a file, for an unmarked one', () => {
    const dir = folder('fake-marker');
    mkdirSync(path.join(dir, OUTPUT_MARKER));
    expect(readOutDir(dir)).toMatchObject({ kind: 'folder', written: null });
  });
});

describe.skipIf(!hasGit)('with git', () => {
  it('tracksFiles: yes for a folder with a tracked file, no for one without, or outside any repository', () => {
    expect(tracksFiles(path.join(repo, 'docs'))).toBe(true);
    expect(tracksFiles(repo)).toBe(true);
    expect(tracksFiles(path.join(repo, 'ignored'))).toBe(false);
    expect(tracksFiles(folder('loose', { 'a.txt': 'x' }))).toBe(false);
  });

  it('refuses a folder with tracked files or a repository even with emptyOutDir, and takes an untracked one with it', () => {
    expect(codeOf(() => guardOutDir(config(path.join(repo, 'docs'), true)))).toBe('OutputDirUnsafe');
    expect(codeOf(() => guardOutDir(config(repo, true)))).toBe('OutputDirUnsafe');
    expect(codeOf(() => guardOutDir(config(path.join(repo, 'ignored'))))).toBe('OutputDirNotEmpty');
    expect(codeOf(() => guardOutDir(config(path.join(repo, 'ignored'), true)))).toBeNull();
  });

  it('asks git about a marked folder too: an output committed to another repository is refused, even with emptyOutDir', () => {
    const site = path.join(repo, 'site');
    mkdirSync(site);
    writeFileSync(path.join(site, OUTPUT_MARKER), markerText(['index.html']));
    writeFileSync(path.join(site, 'index.html'), 'built');
    execFileSync('git', ['-C', repo, 'add', 'site'], { stdio: 'ignore' });
    expect(tracksFiles(site)).toBe(true);
    expect(codeOf(() => guardOutDir(config(site)))).toBe('OutputDirUnsafe');
    expect(codeOf(() => guardOutDir(config(site, true, ['.git'])))).toBe('OutputDirUnsafe');
  });

  it("takes an earlier output that became a repository of its own only with --keep .git (and the user's files kept)", () => {
    const site = folder('pages', { [OUTPUT_MARKER]: markerText(['index.html']), 'index.html': 'built', CNAME: 'example.com' });
    execFileSync('git', ['-C', site, 'init', '-q'], { stdio: 'ignore' });
    execFileSync('git', ['-C', site, 'add', '-A'], { stdio: 'ignore' });
    expect(codeOf(() => guardOutDir(config(site)))).toBe('OutputDirUnsafe');
    expect(codeOf(() => guardOutDir(config(site, true)))).toBe('OutputDirUnsafe');
    expect(codeOf(() => guardOutDir(config(site, false, ['.git'])))).toBe('OutputDirHasOthers');
    expect(codeOf(() => guardOutDir(config(site, false, ['.git', 'CNAME'])))).toBeNull();
    expect(trackedEntries(site)).toEqual(['.site-build', 'CNAME', 'index.html']);
  });

  it('refuses a repository of its own that tracks other files, with its .git kept and emptyOutDir', () => {
    const tool = folder('tool', { 'main.c': 'int main(void) { return 0; }', 'NOTES.txt': 'mine' });
    mkdirSync(path.join(tool, 'src'));
    writeFileSync(path.join(tool, 'src', 'util.c'), '');
    execFileSync('git', ['-C', tool, 'init', '-q'], { stdio: 'ignore' });
    execFileSync('git', ['-C', tool, 'add', 'main.c', 'src'], { stdio: 'ignore' });
    expect(trackedEntries(tool)).toEqual(['main.c', 'src']);
    expect(readOutDir(tool)).toMatchObject({ repository: true, ownTracked: ['main.c', 'src'] });
    for (const keep of [['.git'], ['.git', 'NOTES.txt']]) expect(codeOf(() => guardOutDir(config(tool, true, keep)))).toBe('OutputDirUnsafe');
    expect(codeOf(() => guardOutDir(config(tool, false, ['.git'])))).toBe('OutputDirNotEmpty');
  });
});

describe('guardOutDir', () => {
  it('takes a missing, empty or marked folder without emptyOutDir', () => {
    expect(codeOf(() => guardOutDir(config(path.join(tmp, 'new', 'dist'))))).toBeNull();
    expect(codeOf(() => guardOutDir(config(folder('empty-out'))))).toBeNull();
    expect(codeOf(() => guardOutDir(config(folder('marked-out', { [OUTPUT_MARKER]: markerText(['old.html']), 'old.html': 'old' }))))).toBeNull();
  });

  it('sees through a symbolic link: a link to the content folder is the content folder', () => {
    const link = path.join(tmp, 'link-to-content');
    symlinkSync(path.join(root, 'content'), link);
    expect(codeOf(() => guardOutDir(config(path.join(link, 'blog'), true)))).toBe('OutputDirUnsafe');
    expect(codeOf(() => guardOutDir(config(link, true)))).toBe('OutputDirUnsafe');
  });

  it('names the folder as given in the error', () => {
    const dir = folder('photos', { 'cat.jpg': 'x' });
    expect(() => guardOutDir(config(dir))).toThrow(`${dir} is not empty`);
  });
});

describe('realPath', () => {
  it('resolves links as far as the path exists and keeps the rest as written', () => {
    const link = path.join(tmp, 'link-to-root');
    symlinkSync(root, link);
    expect(realPath(path.join(link, 'content'))).toBe(path.join(root, 'content'));
    expect(realPath(path.join(link, 'not', 'yet'))).toBe(path.join(root, 'not', 'yet'));
  });
});
