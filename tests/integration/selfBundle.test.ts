/**
 * generator/selfBundle.mjs with a site and without one (`site init`, `--help` outside a site), for one
 * folder: the two bundles are cached apart, so that a bundle without the site never stands in for the
 * site's own (the engine's folder is a site too), and outside the engine's folder; a site's folder copied or
 * renamed with its .site/ keeps its bundles while its files' bytes are the same; the packages a bundle leaves out load from the engine's installation
 * wherever the bundle is.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as esbuild from 'esbuild';
import { runBundle } from '../../generator/runBundle.cjs';
import { bundleOptions, cachedBundle, selfBundle } from '../../generator/selfBundle.mjs';

const engine = fileURLToPath(new URL('../..', import.meta.url));

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-self-bundle-'));
  await writeFile(path.join(root, 'entry.mjs'), 'export const answer = 42;\n');
});
afterAll(() => rm(root, { recursive: true, force: true }));

it('caches the bundle without a site apart from the site bundle of the same folder', async () => {
  const bare = await selfBundle(root, 'cli', 'entry.mjs', 'esm');
  const ofSite = await selfBundle(root, 'cli', 'entry.mjs', 'esm', undefined, root);
  expect(path.dirname(ofSite)).toBe(path.join(root, '.site', 'cache'));
  expect(path.dirname(bare)).not.toBe(path.dirname(ofSite));
  expect(await cachedBundle(root, 'cli')).toBe(bare);
  expect(await cachedBundle(root, 'cli', root)).toBe(ofSite);
});

/** A site folder whose bundle says which folder it takes for its site's (embeddedSite.ts). */
async function siteWithRoot(site: string) {
  await mkdir(site, { recursive: true });
  await writeFile(path.join(site, 'site.config.ts'), 'export default { name: "copied" };\n');
  await writeFile(path.join(root, 'root-entry.mjs'), `export { embeddedRoot, embeddedSite } from ${JSON.stringify(path.join(engine, 'generator/site/embeddedSite.ts'))};\n`);
}
const embedded = (file: string) => runBundle(file, 'now') as { embeddedRoot: string; embeddedSite: { name: string } };

it('keeps the bundles of a folder copied or renamed with its .site/: they take the folder they are in for the site', async () => {
  const site = path.join(root, 'first-site');
  const copy = path.join(root, 'copied-site');
  const renamed = path.join(root, 'renamed-site');
  await siteWithRoot(site);
  const ofSite = await selfBundle(root, 'cli', 'root-entry.mjs', 'cjs', undefined, site);
  expect(embedded(ofSite)).toEqual({ embeddedRoot: site, embeddedSite: { name: 'copied' } });
  // fs.cp gives the copy's files new mtimes: the manifest then compares their bytes.
  await cp(site, copy, { recursive: true });
  const inCopy = await cachedBundle(root, 'cli', copy);
  expect(inCopy).toBe(path.join(copy, '.site', 'cache', path.basename(ofSite)));
  expect(embedded(inCopy!).embeddedRoot).toBe(copy);
  await rename(copy, renamed);
  const inRenamed = await cachedBundle(root, 'cli', renamed);
  expect(inRenamed).toBe(path.join(renamed, '.site', 'cache', path.basename(ofSite)));
  expect(embedded(inRenamed!).embeddedRoot).toBe(renamed);
  expect(await cachedBundle(root, 'cli', site)).toBe(ofSite);
});

it("bundles a copy again once one of its site's files differs, and leaves the first folder's bundle alone", async () => {
  const site = path.join(root, 'edited-site');
  const copy = path.join(root, 'edited-copy');
  await siteWithRoot(site);
  const ofSite = await selfBundle(root, 'cli', 'root-entry.mjs', 'cjs', undefined, site);
  await cp(site, copy, { recursive: true });
  // The same size, other bytes: only the content tells them apart once the mtime moved.
  await writeFile(path.join(copy, 'site.config.ts'), 'export default { name: "edited" };\n');
  expect(await cachedBundle(root, 'cli', copy)).toBeNull();
  const own = await selfBundle(root, 'cli', 'root-entry.mjs', 'cjs', undefined, copy);
  expect(embedded(own)).toEqual({ embeddedRoot: copy, embeddedSite: { name: 'edited' } });
  expect(await cachedBundle(root, 'cli', site)).toBe(ofSite);
});

it('takes the new mtime of an input whose bytes did not change, so that the next start only compares fingerprints', async () => {
  const site = path.join(root, 'touched-site');
  await siteWithRoot(site);
  const ofSite = await selfBundle(root, 'cli', 'root-entry.mjs', 'cjs', undefined, site);
  const manifest = path.join(site, '.site', 'cache', 'cli.json');
  const before = await readFile(manifest, 'utf8');
  const later = new Date(Date.now() + 60_000);
  await utimes(path.join(site, 'site.config.ts'), later, later);
  expect(await cachedBundle(root, 'cli', site)).toBe(ofSite);
  const after = await readFile(manifest, 'utf8');
  expect(after).not.toBe(before);
  const now = await stat(path.join(site, 'site.config.ts'));
  expect(JSON.parse(after).inputs['site:site.config.ts'][0]).toBe(`${now.mtimeMs}:${now.size}`);
});

it("takes nothing from a manifest an older engine wrote (fingerprints alone, the bundle's path absolute)", async () => {
  const site = path.join(root, 'older-site');
  await siteWithRoot(site);
  const ofSite = await selfBundle(root, 'cli', 'root-entry.mjs', 'cjs', undefined, site);
  const manifest = path.join(site, '.site', 'cache', 'cli.json');
  const current = JSON.parse(await readFile(manifest, 'utf8')) as { inputs: Record<string, [string, string]> };
  const older = { file: ofSite, site, inputs: Object.fromEntries(Object.entries(current.inputs).map(([key, [fp]]) => [key, fp])) };
  await writeFile(manifest, JSON.stringify(older));
  expect(await cachedBundle(root, 'cli', site)).toBeNull();
});

it('writes a bundle without a site outside the engine folder', async () => {
  const bare = await selfBundle(root, 'cli', 'entry.mjs', 'esm');
  expect(path.relative(root, bare).startsWith('..')).toBe(true);
  expect(existsSync(path.join(root, '.site', 'cache', 'no-site'))).toBe(false);
});

it('loads the packages a bundle leaves out from the engine, wherever the bundle is written', async () => {
  // Both formats, written into a folder that has no node_modules of its own.
  const entry = path.join(root, 'heavy.mjs');
  await writeFile(entry, "Promise.all([import('satori'), import('sharp')]).then(() => console.log('loaded'));\n");
  for (const format of ['esm', 'cjs'] as const) {
    const result = await esbuild.build({ ...bundleOptions(entry, format), absWorkingDir: root });
    const file = path.join(root, `out.${format === 'cjs' ? 'cjs' : 'mjs'}`);
    await writeFile(file, result.outputFiles!.find((f) => !f.path.endsWith('.map'))!.text);
    const out = execFileSync(process.execPath, [file], { cwd: os.tmpdir(), encoding: 'utf8' });
    expect(out.trim(), format).toBe('loaded');
  }
});
