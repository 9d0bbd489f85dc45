/** checkOutDir: which folders `site build` may replace with its output, from paths and what the folder holds. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutDir, protectedReason, siteFolders, type OutDirFound } from '../../../generator/output/checkOutDir.ts';
import type { SiteError } from '../../../generator/core/errors.ts';

const root = path.resolve('/projects/site');
const home = path.resolve('/home/ana');
const site = siteFolders(
  { root, contentDir: path.join(root, 'content'), templatesDir: path.join(root, 'templates'), cacheDir: path.join(root, '.site', 'cache', 'build') },
  home,
);
const at = (rel: string) => path.resolve(root, rel);

const missing: OutDirFound = { kind: 'missing' };
const folder = (names: string[], more: Partial<Extract<OutDirFound, { kind: 'folder' }>> = {}): OutDirFound => ({
  kind: 'folder',
  names,
  written: null,
  repository: false,
  tracked: false,
  ...more,
});
/** A folder an earlier build wrote: its marker lists `written`. */
const built = (written: string[], extra: string[] = [], more: Partial<Extract<OutDirFound, { kind: 'folder' }>> = {}): OutDirFound =>
  folder([...written, ...extra, '.site-build'].sort(), { written, ...more });

describe('checkOutDir', () => {
  it.each([
    ['missing', missing],
    ['empty', folder([])],
    ['written by an earlier build', built(['index.html', 'assets'])],
    ['written by an earlier build, and since then emptied of some of it', built(['index.html', 'assets'], [], { names: ['.site-build', 'index.html'] })],
  ])('takes a folder that is %s', (_, found) => {
    expect(checkOutDir(at('dist'), site, found)).toBeNull();
    expect(checkOutDir('/srv/www/site', site, found)).toBeNull();
  });

  it('refuses a folder holding anything else, naming it and a few of its entries, and takes it with emptyOutDir', () => {
    const found = folder(['a.txt', 'b.txt', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l']);
    const error = checkOutDir(at('photos'), site, found) as SiteError;
    expect(error.code).toBe('OutputDirNotEmpty');
    expect(error.message).toContain(at('photos'));
    expect(error.message).toContain('a.txt, b.txt, c, d, e and 7 more');
    expect(error.message).toContain('.site-build');
    expect(error.hint).toContain('--empty-out-dir');
    expect(checkOutDir(at('photos'), site, found, { emptyOutDir: true })).toBeNull();
  });

  it('refuses an earlier output holding entries its build did not write, naming them, unless they are kept', () => {
    const found = built(['404.html', 'assets', 'index.html'], ['CNAME', 'notes.txt']);
    const error = checkOutDir(at('dist'), site, found) as SiteError;
    expect(error.code).toBe('OutputDirHasOthers');
    expect(error.message).toBe(`${at('dist')} holds CNAME, notes.txt, which the last build did not write (its .site-build file lists what it wrote). Building would replace the folder and delete them.`);
    expect(error.hint).toContain('--keep CNAME,notes.txt');
    expect((checkOutDir(at('dist'), site, found, { keep: ['CNAME'] }) as SiteError).message).toContain('holds notes.txt,');
    expect(checkOutDir(at('dist'), site, found, { keep: ['CNAME', 'notes.txt'] })).toBeNull();
    expect(checkOutDir(at('dist'), site, found, { emptyOutDir: true })).toBeNull();
  });

  it('reads a marker that lists nothing (an older build) as one that wrote none of the entries', () => {
    const error = checkOutDir(at('dist'), site, built([], ['index.html'])) as SiteError;
    expect(error.code).toBe('OutputDirHasOthers');
    expect(error.message).toContain('holds index.html,');
  });

  it('names the folder as the user gave it', () => {
    const error = checkOutDir('/real/photos', site, folder(['a.jpg']), { shownAs: '/link/photos' }) as SiteError;
    expect(error.message).toMatch(/^\/link\/photos is not empty/);
  });

  it.each([
    ['a git repository', folder(['.git', 'README.md'], { repository: true }), 'is a git repository'],
    ['a git repository that an earlier build wrote', built(['index.html'], ['.git'], { repository: true }), 'is a git repository'],
    ['a folder holding files git tracks', folder(['index.md'], { tracked: true }), 'holds files tracked by git'],
    ['a folder of another repository holding a committed marker', built(['index.html'], [], { tracked: true }), 'holds files tracked by git'],
    ['a file', { kind: 'file' } as const, 'is a file, not a folder'],
  ])('never takes %s, even with emptyOutDir', (_, found, reason) => {
    for (const emptyOutDir of [false, true]) {
      const error = checkOutDir(at('docs'), site, found, { emptyOutDir, keep: ['CNAME'] }) as SiteError;
      expect(error.code).toBe('OutputDirUnsafe');
      expect(error.message).toContain(reason);
      expect(error.hint).toMatch(/another|of its own/);
    }
  });

  it("takes the output's own repository when its .git is kept, and only what the last build wrote besides", () => {
    const repository = built(['index.html', 'assets'], ['.git', 'CNAME'], { repository: true });
    expect((checkOutDir(at('site'), site, repository) as SiteError).hint).toContain('--keep .git');
    expect(checkOutDir(at('site'), site, repository, { keep: ['.git', 'CNAME'] })).toBeNull();
    expect((checkOutDir(at('site'), site, repository, { keep: ['.git'] }) as SiteError).code).toBe('OutputDirHasOthers');
    const clone = folder(['.git', 'CNAME', 'old.html'], { repository: true });
    expect((checkOutDir(at('site'), site, clone, { keep: ['.git', 'CNAME'] }) as SiteError).code).toBe('OutputDirNotEmpty');
    expect(checkOutDir(at('site'), site, clone, { keep: ['.git', 'CNAME'], emptyOutDir: true })).toBeNull();
    expect(checkOutDir(at('site'), site, folder(['.git', 'CNAME'], { repository: true }), { keep: ['.git', 'CNAME'] })).toBeNull();
  });

  it('refills a repository whose .git is kept only while it tracks nothing but what builds of this site wrote and the kept entries', () => {
    const pages = built(['index.html', 'assets'], ['.git', 'CNAME'], { repository: true, ownTracked: ['.site-build', 'CNAME', 'assets', 'index.html'] });
    expect(checkOutDir(at('site'), site, pages, { keep: ['.git', 'CNAME'] })).toBeNull();
    const other = folder(['.git', 'NOTES.txt', 'main.c'], { repository: true, ownTracked: ['main.c'] });
    expect((checkOutDir(at('tool'), site, other, { keep: ['.git'] }) as SiteError).code).toBe('OutputDirNotEmpty');
    for (const options of [{ keep: ['.git'], emptyOutDir: true }, { keep: ['.git', 'NOTES.txt'], emptyOutDir: true }]) {
      const error = checkOutDir(at('tool'), site, other, options) as SiteError;
      expect([error.code, error.args]).toEqual(['OutputDirUnsafe', { dir: at('tool'), reason: 'is a git repository tracking files no build of this site wrote (main.c)' }]);
      expect(error.hint).toContain('with or without --empty-out-dir');
    }
    // A file committed by hand beside the output is the repository's own, unless it is kept.
    const edited = built(['index.html'], ['.git', 'README.md'], { repository: true, ownTracked: ['.site-build', 'README.md', 'index.html'] });
    expect((checkOutDir(at('site'), site, edited, { keep: ['.git'], emptyOutDir: true }) as SiteError).args).toMatchObject({ reason: expect.stringContaining('(README.md)') });
    expect(checkOutDir(at('site'), site, edited, { keep: ['.git', 'README.md'] })).toBeNull();
    const many = folder(['.git'], { repository: true, ownTracked: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] });
    expect((checkOutDir(at('tool'), site, many, { keep: ['.git'], emptyOutDir: true }) as SiteError).message).toContain('(a, b, c, d, e and 2 more)');
    const unreadable = folder(['.git', 'x'], { repository: true, ownTracked: null });
    expect((checkOutDir(at('tool'), site, unreadable, { keep: ['.git'], emptyOutDir: true }) as SiteError).args).toMatchObject({ reason: 'is a git repository whose tracked files git could not list' });
  });

  it.each([
    ['/', 'is the root of the file system'],
    [root, 'is the project root'],
    [path.dirname(root), 'contains the project root'],
    [home, 'is the home folder'],
    [path.dirname(home), 'contains the home folder'],
    [at('.git'), 'is a .git folder or inside one'],
    [at('.git/objects'), 'is a .git folder or inside one'],
    [at('vendor/lib/.git'), 'is a .git folder or inside one'],
    [at('content'), 'is the content folder'],
    [at('content/blog'), 'is inside the content folder'],
    [at('templates/static'), 'is inside the templates folder'],
    [at('scripts'), "is the site's scripts folder"],
    [at('tests/e2e'), "is inside the site's tests folder"],
    [at('node_modules/react'), "is inside the site's node_modules folder"],
    [at('widgets'), "is the site's widgets folder"],
    [at('supabase'), "is the site's supabase folder"],
    [at('generator'), "is the site's generator folder"],
    [at('bin'), "is the site's bin folder"],
    [at('.site'), "is the tool's own folder .site"],
    [at('.site/db'), "is inside the tool's own folder .site"],
    [at('.site/cache/build'), "is inside the tool's own folder .site"],
  ])('never takes %s, even missing or with emptyOutDir', (dir, reason) => {
    expect(protectedReason(dir, site)).toContain(reason);
    for (const found of [missing, built(['index.html']), folder(['x'])]) {
      const error = checkOutDir(dir, site, found, { emptyOutDir: true }) as SiteError;
      expect(error.code).toBe('OutputDirUnsafe');
      expect(error.message).toBe(`Refusing to replace ${dir}: it ${protectedReason(dir, site)}. Building replaces the output folder whole.`);
    }
  });

  it('keeps clear of a content folder or cache outside the project, and of anything around them', () => {
    const elsewhere = siteFolders({ root, contentDir: '/data/site/content', templatesDir: path.join(root, 'templates'), cacheDir: '/var/cache/site' }, home);
    expect(protectedReason('/data/site', elsewhere)).toBe('contains the content folder');
    expect(protectedReason('/data/site/content/blog', elsewhere)).toBe('is inside the content folder');
    expect(protectedReason('/var/cache', elsewhere)).toBe('contains the build cache');
    expect(protectedReason('/var/cache/site/pages', elsewhere)).toBe('is inside the build cache');
    expect(protectedReason('/data/out', elsewhere)).toBeNull();
  });

  it('takes folders whose names only look like protected ones', () => {
    for (const dir of [at('dist'), at('content-out'), at('.github-pages'), at('scripts2'), at('.gitout'), '/srv/node_modules_copy', `${home}-backup/site`]) {
      expect(protectedReason(dir, site), dir).toBeNull();
    }
  });
});
