/**
 * Social images through the CLI (`node bin/site.js build` on a copy of the blog fixture's content,
 * tests/fixtures/blog-site): each article's og:image, twitter:image and BlogPosting image name a PNG of
 * its own, 1200x630; a build with the cache makes none again and writes the same bytes; a new title makes exactly that article's
 * image again, under a new name; pages without socialImage keep the site's image; --no-social-images
 * makes none.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_SITE, BLOG_URL, copyBlogContent } from './blogSite.ts';
import { hashTree, runSite, type Run } from './runSite.ts';

const root = BLOG_SITE;
const SITE = BLOG_URL;
let tmp: string;
let content: string;
let cacheDir: string;
let run = 0;

const build = async (...args: string[]): Promise<{ run: Run; out: string }> => {
  const out = path.join(tmp, `out-${++run}`);
  const result = await runSite(root, 'build', '--content', content, '--out', out, '--cache-dir', cacheDir, ...args);
  expect(result.stderr).not.toMatch(/Unexpected internal error/);
  expect(result.code, result.stderr).toBe(0);
  return { run: result, out };
};

const html = (out: string, file: string) => readFile(path.join(out, file), 'utf8');
const metaContent = (page: string, key: string): string[] =>
  [...page.matchAll(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"/>`, 'g'))].map((m) => m[1]!);
const postingImage = (page: string): string => {
  const blocks = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { '@type': string; image?: string });
  return blocks.find((b) => b['@type'] === 'BlogPosting')!.image!;
};
const socialFiles = async (out: string) => (await readdir(path.join(out, 'assets', 'social')).catch(() => [] as string[])).sort();
const ARTICLE = 'blog/quill-vs-handwritten';

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-social-'));
  content = path.join(tmp, 'content');
  cacheDir = path.join(tmp, 'cache');
  await copyBlogContent(content);
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('social images (CLI)', () => {
  let first: { run: Run; out: string };

  it("gives every article a 1200x630 PNG of its own in og:image, twitter:image and its BlogPosting's image", async () => {
    first = await build();
    expect(first.run.stdout).toContain('Social images: 6 (6 made, 0 from cache)');
    const articles = (await readdir(path.join(content, 'blog'))).map((f) => f.replace(/\.md$/, ''));
    expect(await socialFiles(first.out)).toHaveLength(articles.length);
    for (const slug of articles) {
      const page = await html(first.out, `blog/${slug}.html`);
      const [image] = metaContent(page, 'og:image');
      expect(image, slug).toMatch(new RegExp(`^${SITE}/assets/social/blog-${slug}-[0-9a-f]{8}\\.png$`));
      expect(metaContent(page, 'twitter:image'), slug).toEqual([image]);
      expect(metaContent(page, 'twitter:card'), slug).toEqual(['summary_large_image']);
      expect(metaContent(page, 'og:image:width'), slug).toEqual(['1200']);
      expect(metaContent(page, 'og:image:height'), slug).toEqual(['630']);
      expect(postingImage(page), slug).toBe(image);
      const png = await readFile(path.join(first.out, image!.slice(SITE.length + 1)));
      const { format, width, height } = await sharp(png).metadata();
      expect({ format, width, height }, slug).toEqual({ format: 'png', width: 1200, height: 630 });
    }
  });

  it("keeps the site's default image on pages whose route asks for none", async () => {
    for (const file of ['index.html', 'pricing.html', 'blog.html', 'privacy.html']) {
      const page = await html(first.out, file);
      expect(metaContent(page, 'og:image'), file).toHaveLength(1);
      expect(metaContent(page, 'og:image')[0], file).toMatch(new RegExp(`^${SITE}/assets/og-image\\.[0-9a-f]{10}\\.png$`));
      expect(metaContent(page, 'twitter:image'), file).toEqual(metaContent(page, 'og:image'));
    }
  });

  it('makes none again with the cache, and writes the same bytes', async () => {
    const again = await build();
    expect(again.run.stdout).toContain('Social images: 6 (0 made, 6 from cache)');
    expect(again.run.stdout).toContain('(0 rendered, 12 from cache)');
    expect(await hashTree(again.out)).toEqual(await hashTree(first.out));
  });

  it("a new title makes that article's image again, under a new name; every other image stays as it was", async () => {
    const before = metaContent(await html(first.out, `${ARTICLE}.html`), 'og:image')[0]!;
    const file = path.join(content, `${ARTICLE}.md`);
    const text = await readFile(file, 'utf8');
    const retitled = text.replace(/^title: .*$/m, 'title: "Quill vs handwritten notes, compared again"');
    expect(retitled).not.toBe(text);
    await writeFile(file, retitled);
    const next = await build();
    expect(next.run.stdout).toContain('Social images: 6 (1 made, 5 from cache)');
    const after = metaContent(await html(next.out, `${ARTICLE}.html`), 'og:image')[0]!;
    expect(after).toMatch(new RegExp(`^${SITE}/assets/social/blog-quill-vs-handwritten-[0-9a-f]{8}\\.png$`));
    expect(after).not.toBe(before);
    const [old, now] = [await socialFiles(first.out), await socialFiles(next.out)];
    expect(now.filter((f) => !old.includes(f))).toEqual([path.basename(after)]);
    expect(old.filter((f) => !now.includes(f))).toEqual([path.basename(before)]);
    // Every other image is the very same file.
    const [a, b] = [await hashTree(path.join(first.out, 'assets', 'social')), await hashTree(path.join(next.out, 'assets', 'social'))];
    for (const f of now.filter((f) => f !== path.basename(after))) expect(b[f], f).toBe(a[f]);
  });

  it('--no-social-images makes none: every page has the default image, and the report says so', async () => {
    const off = await build('--no-social-images');
    expect(off.run.stdout).toContain("Social images: off (--no-social-images): every page has the site's default image");
    expect(await socialFiles(off.out)).toEqual([]);
    const page = await html(off.out, `${ARTICLE}.html`);
    expect(metaContent(page, 'og:image')[0]).toMatch(new RegExp(`^${SITE}/assets/og-image\\.[0-9a-f]{10}\\.png$`));
    expect(postingImage(page)).toBe(metaContent(page, 'og:image')[0]);
  });

  it('is not "up to date" across --no-social-images, and is within the same choice', async () => {
    const out = path.join(tmp, 'toggled');
    const site = (...args: string[]) => runSite(root, 'build', '--content', content, '--out', out, '--cache-dir', cacheDir, ...args);
    expect((await site()).stdout).toContain('Social images: 6');
    const same = await site();
    expect(same.stdout).toContain('Up to date');
    expect(same.stdout).toContain('Social images: 6, in place');
    // An image deleted from the output: not up to date, and the next build puts it back from the cache.
    const [gone] = await socialFiles(out);
    await rm(path.join(out, 'assets', 'social', gone!));
    const back = await site();
    expect(back.stdout).not.toContain('Up to date');
    expect(back.stdout).toContain('Social images: 6 (0 made, 6 from cache)');
    expect(await socialFiles(out)).toContain(gone);
    const off = await site('--no-social-images');
    expect(off.stdout).not.toContain('Up to date');
    expect(await socialFiles(out)).toEqual([]);
    expect((await site('--no-social-images')).stdout).toContain('Up to date');
    const on = await site();
    expect(on.stdout).not.toContain('Up to date');
    expect(on.stdout).toContain('Social images: 6 (0 made, 6 from cache)');
    expect(await socialFiles(out)).toHaveLength(6);
  });

  it('one article\'s text changed: the output\'s images are the same, from the cache, and the next build is up to date', async () => {
    const out = path.join(tmp, 'one-changed');
    const site = () => runSite(root, 'build', '--content', content, '--out', out, '--cache-dir', cacheDir);
    await site();
    const before = await hashTree(path.join(out, 'assets', 'social'));
    const file = path.join(content, 'blog/release-checklist.md');
    await writeFile(file, `${await readFile(file, 'utf8')}\nOne more paragraph.\n`);
    const next = await site();
    expect(next.stdout).toContain('(1 rendered, 11 from cache)');
    expect(next.stdout).toContain('Social images: 6 (0 made, 6 from cache)');
    expect(await hashTree(path.join(out, 'assets', 'social'))).toEqual(before);
    expect((await site()).stdout).toContain('Up to date');
  });
});
