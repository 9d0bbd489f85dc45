/**
 * Symbolic links in a list collection's folder, in a real temporary site: a link out of the site's
 * folder is a ContentLinkOutside error naming the link (relative to the site) and its target; a link
 * inside the site is read, a nested list walks a linked folder; followSymlinks reads links anywhere.
 */
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { linkPolicy } from '../../../generator/core/contentLinks.ts';
import { listEntryFiles, loadFixedContent } from '../../../generator/content/load.ts';
import { renderMarkdown } from '../../../generator/content/markdown.ts';
import { SiteError } from '../../../generator/core/errors.ts';
import { collection } from '../../../generator/site/defineConfig.ts';

let tmp: string;
let site: string;
let content: string;
let elsewhere: string;
beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'site-links-')));
  site = path.join(tmp, 'site');
  content = path.join(site, 'content');
  elsewhere = path.join(tmp, 'elsewhere');
  await mkdir(path.join(content, 'blog'), { recursive: true });
  await mkdir(path.join(elsewhere, 'more'), { recursive: true });
  await writeFile(path.join(content, 'blog', 'own.md'), '# Own\n');
  await writeFile(path.join(elsewhere, 'note.md'), '# Note\n');
  await writeFile(path.join(elsewhere, 'more', 'deep.md'), '# Deep\n');
});
afterEach(() => rm(tmp, { recursive: true, force: true }));

const policy = (follow = false) => linkPolicy(site, content, follow);

function thrown(fn: () => unknown): SiteError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SiteError);
    return e as SiteError;
  }
  throw new Error('expected an error');
}

describe('listEntryFiles with links', () => {
  it('refuses an entry linked from outside the site, naming the link and its target', async () => {
    await symlink(path.join(elsewhere, 'note.md'), path.join(content, 'blog', 'note.md'));
    const e = thrown(() => listEntryFiles(content, 'blog', false, policy()));
    expect(e.code).toBe('ContentLinkOutside');
    expect(e.args).toMatchObject({ link: 'content/blog/note.md', target: path.join(elsewhere, 'note.md') });
    expect(e.message).toBe(`content/blog/note.md is a symbolic link to ${path.join(elsewhere, 'note.md')}, outside the site's folder: the build would publish what it points to.`);
    expect(e.hint).toContain('followSymlinks: true');
  });

  it('refuses a folder of a nested list linked from outside, and a list folder that is such a link', async () => {
    await symlink(path.join(elsewhere, 'more'), path.join(content, 'blog', 'more'));
    expect(thrown(() => listEntryFiles(content, 'blog', true, policy())).args).toMatchObject({ link: 'content/blog/more', target: path.join(elsewhere, 'more') });
    await symlink(elsewhere, path.join(content, 'notes'));
    expect(thrown(() => listEntryFiles(content, 'notes', false, policy())).args).toMatchObject({ link: 'content/notes', target: elsewhere });
  });

  it('reads links that stay inside the site, walking a linked folder of a nested list once', async () => {
    await mkdir(path.join(site, 'shared', 'guides'), { recursive: true });
    await writeFile(path.join(site, 'shared', 'guides', 'install.md'), '# Install\n');
    await writeFile(path.join(site, 'shared', 'faq.md'), '# FAQ\n');
    await symlink(path.join(site, 'shared', 'faq.md'), path.join(content, 'blog', 'faq.md'));
    await symlink(path.join(site, 'shared', 'guides'), path.join(content, 'blog', 'guides'));
    // A link back to the list's own folder is not walked again.
    await symlink(path.join(content, 'blog'), path.join(content, 'blog', 'guides-loop'));
    expect(listEntryFiles(content, 'blog', false, policy())).toEqual(['faq.md', 'own.md']);
    expect(listEntryFiles(content, 'blog', true, policy())).toEqual(['faq.md', 'guides/install.md', 'own.md']);
  });

  it('with followSymlinks, reads entries and folders linked from anywhere', async () => {
    await symlink(path.join(elsewhere, 'note.md'), path.join(content, 'blog', 'note.md'));
    await symlink(path.join(elsewhere, 'more'), path.join(content, 'blog', 'more'));
    expect(listEntryFiles(content, 'blog', true, policy(true))).toEqual(['more/deep.md', 'note.md', 'own.md']);
  });

  it('takes a content folder that --content names outside the site as it is', async () => {
    const outside = path.join(elsewhere, 'content');
    await mkdir(path.join(outside, 'blog'), { recursive: true });
    await writeFile(path.join(outside, 'blog', 'a.md'), '# A\n');
    await symlink(path.join(outside, 'blog', 'a.md'), path.join(outside, 'blog', 'b.md'));
    expect(listEntryFiles(outside, 'blog', false, linkPolicy(site, outside))).toEqual(['a.md', 'b.md']);
  });
});

describe('loadFixedContent with links', () => {
  it('refuses a file collection whose file is a link out of the site', async () => {
    await writeFile(path.join(elsewhere, 'site.json'), '{ "name": "Elsewhere" }');
    await symlink(path.join(elsewhere, 'site.json'), path.join(content, 'site.json'));
    const collections = { site: collection.file('site.json', z.strictObject({ name: z.string() })) };
    await expect(loadFixedContent(content, collections, renderMarkdown, policy())).rejects.toMatchObject({
      code: 'ContentLinkOutside',
      args: { link: 'content/site.json', target: path.join(elsewhere, 'site.json') },
    });
    expect((await loadFixedContent(content, collections, renderMarkdown, policy(true))).collections.site).toEqual({ name: 'Elsewhere' });
  });
});
