/**
 * One article with everything an author can add besides text, built by the real CLI on a copy of the
 * blog fixture's content (tests/fixtures/blog-site): a relative image becomes a lazy <picture> with
 * AVIF and WebP at several widths, width, height and alt; a TypeScript block is highlighted with
 * classes and no style attribute; and the page's og:image and twitter:image are its own 1200x630 PNG.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BLOG_SITE, copyBlogContent } from './blogSite.ts';
import { runSite } from './runSite.ts';

let tmp: string;
const ARTICLE = 'blog/release-checklist.md';

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-media-article-'));
  const content = path.join(tmp, 'content');
  await copyBlogContent(content);
  await mkdir(path.join(content, 'blog/images'));
  await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#4338ca' } }).png().toFile(path.join(content, 'blog/images/chart.png'));
  const file = path.join(content, ARTICLE);
  const source = await readFile(file, 'utf8');
  const end = source.indexOf('\n---', 3) + 5;
  const added = [
    'A first paragraph, so the image below the fold loads lazily.',
    '![A chart of hours saved](./images/chart.png)',
    '```ts\nconst deck: Deck = await generate({ slides: 10, theme: "brand" });\n```',
  ].join('\n\n');
  await writeFile(file, `${source.slice(0, end)}\n${added}\n${source.slice(end)}`);
}, 60_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

it('builds an article with a relative image, a TypeScript block and its own social image', async () => {
  const out = path.join(tmp, 'out');
  const r = await runSite(BLOG_SITE, 'build', '--content', path.join(tmp, 'content'), '--out', out, '--cache-dir', path.join(tmp, 'cache'));
  expect(r.code, r.stderr).toBe(0);
  const html = await readFile(path.join(out, ARTICLE.replace(/\.md$/, '.html')), 'utf8');

  const picture = /<picture>.*?<\/picture>/.exec(html)?.[0] ?? '';
  expect(picture).toMatch(/<source type="image\/avif" srcSet="[^"]*-800\.avif 800w[^"]*"/);
  expect(picture).toMatch(/<source type="image\/webp" srcSet="[^"]*-1600\.webp 1600w"/);
  const img = /<img [^>]*>/.exec(picture)?.[0] ?? '';
  for (const attr of ['alt="A chart of hours saved"', 'width="1600"', 'height="900"', 'loading="lazy"', 'decoding="async"']) expect(img).toContain(attr);

  const code = /<pre class="hl"><code class="language-ts">.*?<\/code><\/pre>/s.exec(html)?.[0] ?? '';
  expect(code).toContain('<span class="hl-keyword">const </span>');
  expect(code).toMatch(/class="hl-string[a-z-]*">&quot;brand&quot;/);
  expect(html).not.toMatch(/\sstyle=/);

  const og = /<meta property="og:image" content="https:\/\/[^/]+(\/assets\/social\/[^"]+\.png)"/.exec(html)?.[1];
  expect(og).toMatch(/^\/assets\/social\/blog-release-checklist-[0-9a-f]{8}\.png$/);
  expect(html).toContain(`<meta name="twitter:image" content="${/<meta property="og:image" content="([^"]+)"/.exec(html)![1]}"/>`);
  const meta = await sharp(path.join(out, og!)).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
}, 120_000);
