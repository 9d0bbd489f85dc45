/**
 * Content images on a copy of this site's content, built in this process as `site build --no-social-images`
 * builds it (buildHere; "Up to date" as the CLI checks it first, with upToDate): an article's relative
 * images become <picture> elements with AVIF and WebP variants at the right sizes; a second build encodes
 * nothing and writes the same bytes; replacing an image re-renders the page that shows it and no other;
 * "Up to date" notices a changed image; a missing image, a missing alt text and a corrupt image each fail
 * with the file and line (their errors as the CLI prints them); a source over 20 megapixels is built with a
 * warning. `site dev` and the failing builds start from a copy of the builds' cache: what they test is not
 * encoding the photo again.
 */
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHere } from './buildHere.ts';
import { hashTree } from './runSite.ts';
import { upToDate } from '../../generator/build.ts';
import { dev } from '../../generator/dev/dev.ts';

let tmp: string;
let content: string;

/** A photo-like JPEG (gradients and noise, quality 90): over a megabyte at 2400 x 1600. */
export async function photo(width: number, height: number, seed = 1): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let s = seed;
  const noise = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 40 - 20;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x / width) * 200 + 30 * Math.sin(y / 50) + noise();
      raw[i + 1] = (y / height) * 180 + 40 * Math.cos(x / 80) + noise();
      raw[i + 2] = 128 + 60 * Math.sin((x + y) / 120) + noise();
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

const ARTICLE = 'blog/brand-kit-limitations.md';
const OTHER = 'blog/canva-vs-google-slides.md';

/** Puts `text` at the start of an article's body (after its front matter). */
async function prepend(rel: string, text: string) {
  const file = path.join(content, rel);
  const source = await readFile(file, 'utf8');
  const end = source.indexOf('\n---', 3) + 5;
  await writeFile(file, `${source.slice(0, end)}\n${text}\n${source.slice(end)}`);
}

/** What `site build --content <copy> --out <out> --cache-dir <cache> --no-social-images` builds with: no social images, which show none of the content's images. */
const options = (out: string) => ({ content, out: path.join(tmp, out), cacheDir: path.join(tmp, 'cache'), socialImages: false });
/** A build of the copy in this process: the exit code, log and error text of `site build`, and its result. */
const build = (out: string) => buildHere(options(out));
/** The pages `site build` would report "Up to date" (it checks before building), or null when it would build. */
const upToDatePages = (out: string) => upToDate(options(out))?.pages ?? null;
const page = (out: string, rel: string) => readFile(path.join(tmp, out, rel.replace(/\.md$/, '.html')), 'utf8');

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-images-'));
  content = path.join(tmp, 'content');
  await cp('content', content, { recursive: true });
  mkdirSync(path.join(content, 'blog/images'));
  await writeFile(path.join(content, 'blog/images/team photo.jpg'), await photo(2400, 1600));
  await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366cc' } }).png().toFile(path.join(content, 'blog/images/diagram.png'));
  await writeFile(path.join(content, 'blog/images/mark.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#36c"/></svg>');
  // 5,000 x 4,200: 21 megapixels, copied as it is (a GIF), so the warning costs no encoding.
  await sharp({ create: { width: 5000, height: 4200, channels: 3, background: '#eeeeee' } }).gif().toFile(path.join(content, 'blog/images/wide.gif'));
  await prepend(ARTICLE, '![The team at work on a deck](./images/team%20photo.jpg)\n\nIntro.\n\n![A diagram of the brand kit](images/diagram.png "Brand kit")\n\n![The Decksmith mark](./images/mark.svg)');
  await prepend(OTHER, 'Intro first.\n\n![A wide banner](./images/wide.gif)');
}, 60_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('content images', () => {
  it('builds an article with relative images into <picture> elements with AVIF and WebP variants of the right sizes', async () => {
    const r = await build('out');
    expect(r.code, r.stderr).toBe(0);
    expect(r.result!.stats.images).toEqual({ encoded: 4, cached: 0 });
    expect(r.stderr).toMatch(/Warning: blog\/images\/wide\.gif is 21\.0 megapixels \(over 20\)/);
    const html = await page('out', ARTICLE);
    const pictures = html.match(/<picture>.*?<\/picture>/g) ?? [];
    expect(pictures).toHaveLength(2);
    const [team, diagram] = pictures as [string, string];
    const srcset = (type: string) => new RegExp(`<source type="image/${type}" srcSet="([^"]+)" sizes="\\(min-width: 46rem\\) 46rem, 100vw"/>`);
    const avif = srcset('avif').exec(team)![1]!.split(', ');
    expect(avif).toEqual([480, 800, 1200, 1600, 2400].map((w) => expect.stringMatching(new RegExp(`^/assets/images/team-photo-[0-9a-f]{8}-${w}\\.avif ${w}w$`))));
    expect(srcset('webp').exec(team)![1]).toMatch(/team-photo-[0-9a-f]{8}-2400\.webp 2400w$/);
    // The first block is above the fold: loaded at once; later images load lazily.
    expect(team).toMatch(/<img src="\/assets\/images\/team-photo-[0-9a-f]{8}-1200\.jpg" srcSet="[^"]+" sizes="[^"]+" width="2400" height="1600" alt="The team at work on a deck" loading="eager" decoding="async" fetchPriority="high"\/>/);
    expect(diagram).toMatch(/width="600" height="400" alt="A diagram of the brand kit" title="Brand kit" loading="lazy" decoding="async"\/><\/picture>/);
    expect(srcset('avif').exec(diagram)![1]).toMatch(/^\/assets\/images\/diagram-[0-9a-f]{8}-480\.avif 480w, \/assets\/images\/diagram-[0-9a-f]{8}-600\.avif 600w$/);
    // SVG and GIF are copied, as plain images.
    expect(html).toMatch(/<img src="\/assets\/images\/mark-[0-9a-f]{8}-120\.svg" width="120" height="40" alt="The Decksmith mark" loading="lazy" decoding="async"\/>/);
    expect(await page('out', OTHER)).toMatch(/<img src="\/assets\/images\/wide-[0-9a-f]{8}-5000\.gif" width="5000" height="4200" alt="A wide banner" loading="lazy"/);

    // Every file named exists with the size its srcset says.
    for (const url of new Set([...html.matchAll(/\/assets\/images\/[^" ]+/g)].map((m) => m[0]))) {
      const meta = await sharp(path.join(tmp, 'out', url)).metadata();
      const width = Number(/-(\d+)\.\w+$/.exec(url)![1]);
      expect(meta.width, url).toBe(width);
      if (url.includes('team-photo')) expect(meta.height, url).toBe(Math.round((width * 2) / 3));
      expect(meta.format, url).toBe({ avif: 'heif', webp: 'webp', jpg: 'jpeg', png: 'png', svg: 'svg' }[url.split('.').pop()!]);
    }
    // Budget: what a phone or a laptop picks (800 or 1200 px, AVIF or WebP) is under a tenth of the source.
    const source = (await stat(path.join(content, 'blog/images/team photo.jpg'))).size;
    expect(source).toBeGreaterThan(1_000_000);
    for (const url of [...html.matchAll(/\/assets\/images\/team-photo-[0-9a-f]{8}-(800|1200)\.(avif|webp)/g)].map((m) => m[0])) {
      expect((await stat(path.join(tmp, 'out', url))).size, url).toBeLessThan(source / 10);
    }
  }, 120_000);

  it('encodes nothing on a second build and writes the same bytes; "Up to date" until an image changes', async () => {
    expect(upToDatePages('out-2')).toBeNull();
    const again = await build('out-2');
    expect(again.code, again.stderr).toBe(0);
    expect(again.result!.stats.images).toEqual({ encoded: 0, cached: 4 });
    expect(again.result!.stats.cache.pages).toMatchObject({ rendered: 0, cached: 22 });
    expect(await hashTree(path.join(tmp, 'out-2'))).toEqual(await hashTree(path.join(tmp, 'out')));
    expect(upToDatePages('out-2')).toBe(22);

    // Replacing the photo re-renders the article that shows it, and no other page.
    await writeFile(path.join(content, 'blog/images/team photo.jpg'), await photo(1600, 1200, 7));
    expect(upToDatePages('out-2')).toBeNull();
    const changed = await build('out-2');
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.result!.stats.cache.pages).toMatchObject({ rendered: 1, cached: 21 });
    expect(changed.result!.stats.images).toEqual({ encoded: 1, cached: 3 });
    const html = await page('out-2', ARTICLE);
    expect(html).toMatch(/width="1600" height="1200" alt="The team at work on a deck"/);
    expect(html).not.toMatch(/team-photo-[0-9a-f]{8}-2400/);
    const before = await hashTree(path.join(tmp, 'out'));
    const after = await hashTree(path.join(tmp, 'out-2'));
    const differ = Object.keys(after).filter((f) => f.endsWith('.html') && after[f] !== before[f]);
    expect(differ).toEqual([ARTICLE.replace(/\.md$/, '.html')]);
  }, 120_000);
});

describe('site dev', () => {
  it('serves the images of a page, and the page shows a replaced image at once', async () => {
    await cp(path.join(tmp, 'cache'), path.join(tmp, 'dev-cache'), { recursive: true });
    const server = await dev({ content, port: 0, backend: false, log: () => {}, cacheDir: path.join(tmp, 'dev-cache') });
    try {
      const html = await (await fetch(`${server.url}/blog/brand-kit-limitations`)).text();
      const url = /\/assets\/images\/diagram-[0-9a-f]{8}-600\.avif/.exec(html)![0];
      const res = await fetch(server.url + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/avif');
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(600);
      await sharp({ create: { width: 900, height: 300, channels: 3, background: '#cc3366' } }).png().toFile(path.join(content, 'blog/images/diagram.png'));
      await new Promise((r) => setTimeout(r, 400));
      await server.settled();
      const after = await (await fetch(`${server.url}/blog/brand-kit-limitations`)).text();
      expect(after).toMatch(/width="900" height="300" alt="A diagram of the brand kit"/);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('content image errors', () => {
  /** A build, in this process, of a copy of the content with one article's body starting with `text` (and its images folder). */
  async function broken(name: string, text: string, files: Record<string, Buffer | string> = {}) {
    const dir = path.join(tmp, name);
    await cp(content, dir, { recursive: true });
    for (const [rel, data] of Object.entries(files)) await writeFile(path.join(dir, rel), data);
    const file = path.join(dir, ARTICLE);
    const source = await readFile(file, 'utf8');
    const end = source.indexOf('\n---', 3) + 5;
    await writeFile(file, `${source.slice(0, end)}\n${text}\n${source.slice(end)}`);
    await cp(path.join(tmp, 'cache'), path.join(tmp, `${name}-cache`), { recursive: true });
    // The article's front matter is 8 lines, then an empty line: the text starts on line 10.
    return buildHere({ content: dir, out: path.join(tmp, `${name}-out`), cacheDir: path.join(tmp, `${name}-cache`) });
  }

  it('fails on a missing image, naming the markdown file and line', async () => {
    const r = await broken('missing', 'Text.\n\n![A chart](./images/nowhere.png)');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Image file is missing');
    expect(r.stderr).toContain('blog/brand-kit-limitations.md:12: the image blog/images/nowhere.png does not exist');
  }, 60_000);

  it('fails on an image without alt text, with a hint about describing it', async () => {
    const r = await broken('no-alt', '![](./images/diagram.png)');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('blog/brand-kit-limitations.md:10: the image ./images/diagram.png has no alt text.');
    expect(r.stderr).toMatch(/Hint: Describe what the image shows/);
  }, 60_000);

  it('fails on an image that cannot be decoded, naming it and the file that shows it', async () => {
    const r = await broken('corrupt', 'Text.\n\n![A broken chart](./images/broken.png)', {
      'blog/images/broken.png': Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a png')]),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('Image cannot be decoded');
    expect(r.stderr).toMatch(/broken\.png \(shown by blog\/brand-kit-limitations\.md:12\) is not an image that can be decoded/);
  }, 60_000);
});
