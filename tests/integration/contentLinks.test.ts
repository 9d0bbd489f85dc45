/**
 * Symbolic links in a site's content, in copies of tests/fixtures/image-site (a flat list of posts with
 * images) and tests/fixtures/docs-site (a nested list of docs), with a folder beside the site that holds
 * what the links point to: a markdown file or an image folder linked from outside the site is a
 * ContentLinkOutside error naming the link (as `site build` reports it: exit code 1, and in `site dev`); links that
 * stay inside the site are read; `followSymlinks: true` in site.config.ts builds with links from anywhere.
 */
import { cp, mkdir, mkdtemp, readFile, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/build.ts';
import { dev } from '../../generator/dev/dev.ts';
import { SiteError } from '../../generator/core/errors.ts';
import { buildHere } from './buildHere.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
let tmp: string;
/** Beside the sites, outside every one of them. */
let elsewhere: string;

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2255aa' } });
const post = (title: string) =>
  `---\ntitle: "${title}"\ndescription: "A post whose file lives outside the site."\ncover: "./images/cover.jpg"\n---\n\nText of ${title}.\n`;
const doc = (title: string) =>
  `---\ntitle: ${title}\ndescription: Working with Tern when the network is gone, and what it keeps for later runs.\norder: 9\n---\n\nRun tasks offline.\n`;

/** A copy of a fixture named `name` in the temporary folder (its images written for the image site), with `followSymlinks` if asked. */
async function siteCopy(fixture: 'image-site' | 'docs-site', name: string, followSymlinks = false): Promise<string> {
  const site = path.join(tmp, name);
  await cp(path.join(repo, 'tests/fixtures', fixture), site, { recursive: true, filter: (src) => path.basename(src) !== '.site' });
  await symlink(path.join(repo, 'node_modules'), path.join(site, 'node_modules'), 'dir');
  if (fixture === 'image-site') {
    await mkdir(path.join(site, 'content/images'));
    await mkdir(path.join(site, 'content/posts/images'));
    await solid(1200, 600).png().toFile(path.join(site, 'content/images/hero.png'));
    await solid(800, 800).jpeg().toFile(path.join(site, 'content/posts/images/cover.jpg'));
    await solid(700, 350).png().toFile(path.join(site, 'content/posts/images/chart.png'));
  }
  if (followSymlinks) {
    const config = path.join(site, 'site.config.ts');
    const text = await readFile(config, 'utf8');
    await writeFile(config, text.replace(/\n\}\);\n$/, '\n  followSymlinks: true,\n});\n'));
  }
  return site;
}

/** Moves the image site's post images out of the site and links their folder back in. */
async function imagesElsewhere(site: string, name: string): Promise<string> {
  const target = path.join(elsewhere, name);
  await rename(path.join(site, 'content/posts/images'), target);
  await symlink(target, path.join(site, 'content/posts/images'), 'dir');
  return target;
}

const buildIn = (root: string) => build({ root, write: false, backend: null, log: () => {}, progress: false, socialImages: false });

async function buildError(root: string): Promise<SiteError> {
  const e = await buildIn(root).then(() => undefined, (err: unknown) => err);
  expect(e).toBeInstanceOf(SiteError);
  return e as SiteError;
}

beforeAll(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'site-content-links-')));
  elsewhere = path.join(tmp, 'elsewhere');
  await mkdir(path.join(elsewhere, 'docs'), { recursive: true });
  await writeFile(path.join(elsewhere, 'linked.md'), post('Linked post'));
  await writeFile(path.join(elsewhere, 'docs', 'offline.md'), doc('Working offline'));
}, 30_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('links out of the site', () => {
  it('a markdown file linked from outside fails the build as the CLI reports it, naming the link and where it points', async () => {
    const site = await siteCopy('image-site', 'outside-post');
    await symlink(path.join(elsewhere, 'linked.md'), path.join(site, 'content/posts/linked.md'));
    // What `site build` in the site's folder exits with and prints, built in this process.
    const r = await buildHere({ root: site });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain('A content link leads outside the site [ContentLinkOutside]');
    expect(r.stderr).toContain(`content/posts/linked.md is a symbolic link to ${path.join(elsewhere, 'linked.md')}, outside the site's folder: the build would publish what it points to.`);
    expect(r.stderr).toMatch(/Hint: .*followSymlinks: true in site\.config\.ts/);
  }, 120_000);

  it('an image reached through a folder linked from outside fails the build, naming the folder and the file that shows it', async () => {
    const site = await siteCopy('image-site', 'outside-images');
    const target = await imagesElsewhere(site, 'post-images');
    const e = await buildError(site);
    expect(e.code).toBe('ContentLinkOutside');
    expect(e.message).toBe(
      `content/posts/images is a symbolic link to ${target}, outside the site's folder; posts/first.md:9 shows the image posts/images/chart.png through it.`,
    );
    expect(e.location).toMatchObject({ file: 'posts/first.md', line: 9 });
  });

  it('a folder of a nested list linked from outside fails the build', async () => {
    const site = await siteCopy('docs-site', 'outside-docs');
    await symlink(path.join(elsewhere, 'docs'), path.join(site, 'content/docs/guides/extra'), 'dir');
    const e = await buildError(site);
    expect(e.code).toBe('ContentLinkOutside');
    expect(e.args).toMatchObject({ link: 'content/docs/guides/extra', target: path.join(elsewhere, 'docs') });
  });

  it('site dev reports a link out of the site added while it runs', async () => {
    const site = await siteCopy('image-site', 'dev-outside');
    const lines: string[] = [];
    const server = await dev({ root: site, port: 0, backend: false, log: (line) => lines.push(line) });
    try {
      expect((await fetch(`${server.url}/posts/first`)).status).toBe(200);
      await symlink(path.join(elsewhere, 'linked.md'), path.join(site, 'content/posts/linked.md'));
      await expect.poll(() => lines.join('\n'), { timeout: 30_000 }).toContain('[ContentLinkOutside]');
      expect(lines.join('\n')).toContain(`content/posts/linked.md is a symbolic link to ${path.join(elsewhere, 'linked.md')}, outside the site's folder`);
    } finally {
      await server.close();
    }
  });
});

describe('links the build reads', () => {
  it('reads a folder and an image folder linked from inside the site', async () => {
    const docs = await siteCopy('docs-site', 'inside-docs');
    await mkdir(path.join(docs, 'shared/extra'), { recursive: true });
    await writeFile(path.join(docs, 'shared/extra/offline.md'), doc('Working offline'));
    await symlink(path.join(docs, 'shared/extra'), path.join(docs, 'content/docs/guides/extra'), 'dir');
    const built = await buildIn(docs);
    expect(built.pages.map((p) => p.url)).toContain('/docs/guides/extra/offline');

    const images = await siteCopy('image-site', 'inside-images');
    await rename(path.join(images, 'content/posts/images'), path.join(images, 'media'));
    await symlink(path.join(images, 'media'), path.join(images, 'content/posts/images'), 'dir');
    const shown = await buildIn(images);
    expect(shown.pages.find((p) => p.url === '/posts/first')?.html).toMatch(/chart-[0-9a-f]{8}-700\.png/);
  });

  it('with followSymlinks: true, builds with a markdown file, a docs folder and an image folder linked from outside', async () => {
    const docs = await siteCopy('docs-site', 'follow-docs', true);
    await symlink(path.join(elsewhere, 'docs'), path.join(docs, 'content/docs/guides/extra'), 'dir');
    expect((await buildIn(docs)).pages.map((p) => p.url)).toContain('/docs/guides/extra/offline');

    const images = await siteCopy('image-site', 'follow-images', true);
    await symlink(path.join(elsewhere, 'linked.md'), path.join(images, 'content/posts/linked.md'));
    await imagesElsewhere(images, 'followed-images');
    const built = await buildIn(images);
    expect(built.pages.map((p) => p.url)).toContain('/posts/linked');
    expect(built.pages.find((p) => p.url === '/posts/first')?.html).toMatch(/chart-[0-9a-f]{8}-700\.png/);
  });
});
