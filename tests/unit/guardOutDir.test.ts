/** guardOutDir: what the output folder holds on disk (real folders, real git) decides whether a build may replace it. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardOutDir, readOutDir, realPath, tracksFiles } from '../../generator/guardOutDir.ts';
import { OUTPUT_MARKER } from '../../generator/writeOutput.ts';

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

const config = (outDir: string, emptyOutDir = false) => ({
  root,
  outDir,
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
  it('tells a missing, empty, marked, foreign folder and a file apart', () => {
    expect(readOutDir(path.join(tmp, 'nothing-here'))).toEqual({ kind: 'missing' });
    expect(readOutDir(folder('empty'))).toEqual({ kind: 'empty' });
    expect(readOutDir(folder('marked', { [OUTPUT_MARKER]: 'x', 'index.html': 'old' }))).toEqual({ kind: 'marked' });
    writeFileSync(path.join(tmp, 'a-file'), 'x');
    expect(readOutDir(path.join(tmp, 'a-file'))).toEqual({ kind: 'file' });
    const many = folder('many', Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`f${i}.txt`, 'x'])));
    expect(readOutDir(many)).toEqual({ kind: 'foreign', entries: ['f0.txt', 'f1.txt', 'f2.txt', 'f3.txt', 'f4.txt'], count: 8, repository: false, tracked: false });
  });

  it('takes a folder whose marker is a folder, not a file, for a foreign one', () => {
    const dir = folder('fake-marker');
    mkdirSync(path.join(dir, OUTPUT_MARKER));
    expect(readOutDir(dir).kind).toBe('foreign');
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

  it('does not ask git about a marked folder (an output committed for a host is replaced as usual)', () => {
    const site = path.join(repo, 'site');
    mkdirSync(site);
    writeFileSync(path.join(site, OUTPUT_MARKER), 'x');
    writeFileSync(path.join(site, 'index.html'), 'built');
    execFileSync('git', ['-C', repo, 'add', 'site'], { stdio: 'ignore' });
    expect(tracksFiles(site)).toBe(true);
    expect(codeOf(() => guardOutDir(config(site)))).toBeNull();
  });
});

describe('guardOutDir', () => {
  it('takes a missing, empty or marked folder without emptyOutDir', () => {
    expect(codeOf(() => guardOutDir(config(path.join(tmp, 'new', 'dist'))))).toBeNull();
    expect(codeOf(() => guardOutDir(config(folder('empty-out'))))).toBeNull();
    expect(codeOf(() => guardOutDir(config(folder('marked-out', { [OUTPUT_MARKER]: 'x', 'old.html': 'old' }))))).toBeNull();
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
