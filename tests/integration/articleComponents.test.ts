/**
 * Article components in a real build of tests/fixtures/components-site by the CLI: the components'
 * HTML in the pages, raw HTML still dropped, an edit to one component re-renders exactly the articles
 * that place it, and a wrong prop or an unknown component fails the build naming file:line.
 */
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSite, type Run } from './runSite.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const fixture = path.join(repo, 'tests/fixtures/components-site');
const PAGES = 5; // home, three posts, 404

let tmp: string;
let site: string;
let out: string;
let cache: string;
const build = () => runSite(site, 'build', '--out', out, '--cache-dir', cache);
const page = (file: string) => readFile(path.join(out, file), 'utf8');
/** [rendered, from cache] of the build's report. */
const report = (run: Run) => /\((\d+) rendered, (\d+) from cache\)/.exec(run.stdout)?.slice(1).map(Number);
const edit = async (rel: string, change: (text: string) => string) => {
  const file = path.join(site, rel);
  const before = await readFile(file, 'utf8');
  const after = change(before);
  expect(after, `edit of ${rel} changed nothing`).not.toBe(before);
  await writeFile(file, after);
  return () => writeFile(file, before);
};

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-components-'));
  site = path.join(tmp, 'components-site');
  out = path.join(tmp, 'out');
  cache = path.join(tmp, 'cache');
  await cp(fixture, site, { recursive: true, filter: (src) => path.basename(src) !== '.site' });
  // Where an installed site finds the engine's packages.
  await symlink(path.join(repo, 'node_modules'), path.join(site, 'node_modules'), 'dir');
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('article components in a build', () => {
  it('renders each component into its article, around its markdown, with raw HTML still dropped', async () => {
    const run = await build();
    expect(run.code, run.stderr).toBe(0);
    expect(report(run)).toEqual([PAGES, 0]);
    const callout = await page('posts/callout.html');
    expect(callout).toContain('<aside class="callout callout-warning" aria-label="Warning">\n<p>Back up <strong>first</strong>: the command replaces the folder.</p>\n</aside>');
    const tally = await page('posts/tally.html');
    expect(tally).toContain('<figure class="tally"><figcaption>Votes</figcaption><div data-island="Tally" data-hydrate="load" data-props="{&quot;start&quot;:3}"><button type="button">Count: <!-- -->3</button></div></figure>');
    expect(tally).not.toContain('alert(1)');
    expect(callout).not.toContain('<b>');
  });

  it('re-renders exactly the articles that place a component when its source changes', async () => {
    const plainBefore = await page('posts/plain.html');
    const tallyBefore = await page('posts/tally.html');
    await edit('components/Callout.tsx', (t) => t.replace('className={`callout callout-${type}`}', 'className={`callout callout-${type} boxed`}'));
    const run = await build();
    expect(run.code, run.stderr).toBe(0);
    // The article and the home page, whose text (a file collection's markdown) places a callout too.
    expect(report(run)).toEqual([2, PAGES - 2]);
    expect(await page('index.html')).toContain('<aside class="callout callout-note boxed" aria-label="Note">\n<p>Every post below is an example.</p>\n</aside>');
    expect(await page('posts/callout.html')).toContain('<aside class="callout callout-warning boxed"');
    expect(await page('posts/plain.html')).toBe(plainBefore);
    expect(await page('posts/tally.html')).toBe(tallyBefore);
    // Nothing changed since: every page from the cache.
    const again = await build();
    expect(again.code, again.stderr).toBe(0);
  });

  it('fails on a wrong prop, naming file:line, the component and the prop', async () => {
    const restore = await edit('content/posts/tally.md', (t) => t.replace('start=3', 'start=-1'));
    const run = await build();
    await restore();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('posts/tally.md:8: the component Tally, prop "start": ');
  });

  it('fails on an unknown component, naming file:line and the nearest one', async () => {
    const restore = await edit('content/posts/callout.md', (t) => t.replace(':::callout{', ':::callot{'));
    const run = await build();
    await restore();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('posts/callout.md:8: the directive "callot" names no component of the site: did you mean "callout"?');
    expect(run.stderr).toContain('Callout, Tally');
  });
});
