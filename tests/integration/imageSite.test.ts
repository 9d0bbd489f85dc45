/**
 * Images named in content fields: tests/fixtures/image-site marks site.json's `hero` and each post's
 * `cover` with image() and shows them with <Image>; a post's markdown names another. Built by the real
 * CLI in a copy of the fixture, with the images written there first.
 */
import { cp, mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runSite } from './runSite.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
let site: string;

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2255aa' } });

beforeAll(async () => {
  site = path.join(await mkdtemp(path.join(os.tmpdir(), 'site-image-fixture-')), 'image-site');
  await cp(path.join(repo, 'tests/fixtures/image-site'), site, { recursive: true, filter: (src) => path.basename(src) !== '.site' });
  await symlink(path.join(repo, 'node_modules'), path.join(site, 'node_modules'), 'dir');
  await mkdir(path.join(site, 'content/images'));
  await mkdir(path.join(site, 'content/posts/images'));
  await solid(1200, 600).png().toFile(path.join(site, 'content/images/hero.png'));
  await solid(800, 800).jpeg().toFile(path.join(site, 'content/posts/images/cover.jpg'));
  await solid(700, 350).png().toFile(path.join(site, 'content/posts/images/chart.png'));
}, 30_000);
afterAll(() => (process.env.KEEP ? undefined : rm(path.dirname(site), { recursive: true, force: true })));

it('shows image() fields with <Image> and markdown images, at the widths and sizes the config sets', async () => {
  const r = await runSite(site, 'build');
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toContain('Images: 3 (3 encoded, 0 from cache)');
  const home = await readFile(path.join(site, 'dist/index.html'), 'utf8');
  expect(home).toMatch(
    /<picture><source type="image\/avif" srcSet="\/assets\/images\/hero-[0-9a-f]{8}-320\.avif 320w, \/assets\/images\/hero-[0-9a-f]{8}-640\.avif 640w, \/assets\/images\/hero-[0-9a-f]{8}-960\.avif 960w" sizes="\(min-width: 40rem\) 40rem, 100vw"\/>/,
  );
  expect(home).toMatch(/width="1200" height="600" alt="A hero image" loading="eager" decoding="async" fetchPriority="high"\/><\/picture>/);
  const post = await readFile(path.join(site, 'dist/posts/first.html'), 'utf8');
  expect(post).toMatch(/srcSet="[^"]*cover-[0-9a-f]{8}-800\.jpg 800w" sizes="100vw" width="800" height="800" alt="" loading="lazy"/);
  expect(post).toMatch(/srcSet="[^"]*chart-[0-9a-f]{8}-700\.png 700w" sizes="\(min-width: 40rem\) 40rem, 100vw" width="700" height="350" alt="A chart of the results" loading="lazy"/);
  const meta = await sharp(path.join(site, 'dist', /\/assets\/images\/hero-[0-9a-f]{8}-640\.webp/.exec(home)![0])).metadata();
  expect([meta.width, meta.height, meta.format]).toEqual([640, 320, 'webp']);

  // An <Image> of a field whose file is missing names the content file and field's line.
  await rm(path.join(site, 'content/posts/images/cover.jpg'));
  const missing = await runSite(site, 'build');
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('posts/first.md:4: the image posts/images/cover.jpg does not exist');
}, 120_000);
