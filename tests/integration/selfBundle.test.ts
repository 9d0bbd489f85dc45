/**
 * generator/selfBundle.mjs with a site and without one (`site init`, `--help` outside a site), for one
 * folder: the two bundles are cached apart, so that a bundle without the site never stands in for the
 * site's own (the engine's folder is a site too), and outside the engine's folder; a site's folder copied or
 * renamed with its .site/ keeps its bundles while its files' bytes are the same; a folder without bundles
 * of its own takes a copy of those made for the same site files, from the engine's store in a private
 * temporary folder, and nothing for other files or from a folder others may write to; the packages a
 * bundle leaves out load from the engine's installation wherever the bundle is.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as esbuild from 'esbuild';
import { runBundle } from '../../generator/runBundle.cjs';
import { bundleStoreDir, engineTempDir } from '../../generator/bundleStore.mjs';
import { bundleOptions, cachedBundle, selfBundle } from '../../generator/selfBundle.mjs';

const engine = fileURLToPath(new URL('../..', import.meta.url));

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-self-bundle-'));
  await writeFile(path.join(root, 'entry.mjs'), 'export const answer = 42;\n');
});
afterAll(async () => {
  await rm(engineTempDir(root)!, { recursive: true, force: true });
  await rm(root, { recursive: true, force: true });
});

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
  // The engine's store (which holds this bundle too) emptied: only the folder's own manifest could answer.
  await rm(bundleStoreDir(root)!, { recursive: true, force: true });
  expect(await cachedBundle(root, 'cli', site)).toBeNull();
});

it("gives a folder without bundles of its own a copy of the one made for the same site files elsewhere, with its code cache", async () => {
  const site = path.join(root, 'stored-site');
  const clone = path.join(root, 'stored-clone');
  await siteWithRoot(site);
  const ofSite = await selfBundle(root, 'cli', 'root-entry.mjs', 'cjs', undefined, site);
  // Its first run takes the code cache, its next start gives that to the store.
  embedded(ofSite);
  expect(existsSync(`${ofSite}.v8`)).toBe(true);
  expect(await cachedBundle(root, 'cli', site)).toBe(ofSite);
  // A clone: the site's files, not its .site/.
  await mkdir(clone);
  await cp(path.join(site, 'site.config.ts'), path.join(clone, 'site.config.ts'));
  const taken = await cachedBundle(root, 'cli', clone);
  expect(taken).toBe(path.join(clone, '.site', 'cache', path.basename(ofSite)));
  expect(await readFile(taken!)).toEqual(await readFile(ofSite));
  expect(await readFile(`${taken}.v8`)).toEqual(await readFile(`${ofSite}.v8`));
  expect(existsSync(`${taken}.map`)).toBe(true);
  expect(embedded(taken!)).toEqual({ embeddedRoot: clone, embeddedSite: { name: 'copied' } });
  // Its own now: the next start finds it in the clone's manifest.
  expect(await cachedBundle(root, 'cli', clone)).toBe(taken);
});

it('takes no stored bundle for other site files, even with the fingerprints of the stored ones', async () => {
  const site = path.join(root, 'fingerprint-site');
  const other = path.join(root, 'fingerprint-other');
  await siteWithRoot(site);
  await selfBundle(root, 'cli', 'root-entry.mjs', 'cjs', undefined, site);
  await mkdir(other);
  // Other bytes of the same size, then the stored file's mtime: only the bytes tell them apart.
  await writeFile(path.join(other, 'site.config.ts'), 'export default { name: "cupied" };\n');
  const { mtime } = await stat(path.join(site, 'site.config.ts'));
  await utimes(path.join(other, 'site.config.ts'), mtime, mtime);
  expect(await cachedBundle(root, 'cli', other)).toBeNull();
  expect(existsSync(path.join(other, '.site'))).toBe(false);
});

it("takes nothing from the engine's temporary folder once others may write to it, and still bundles", async () => {
  const site = path.join(root, 'open-site');
  const clone = path.join(root, 'open-clone');
  await siteWithRoot(site);
  await selfBundle(root, 'cli', 'root-entry.mjs', 'cjs', undefined, site);
  const folder = path.dirname(bundleStoreDir(root)!);
  await chmod(folder, 0o777);
  try {
    await mkdir(clone);
    await cp(path.join(site, 'site.config.ts'), path.join(clone, 'site.config.ts'));
    expect(await cachedBundle(root, 'cli', clone)).toBeNull();
    expect(bundleStoreDir(root)).toBeNull();
    const bare = await selfBundle(root, 'cli', 'entry.mjs', 'esm');
    expect(bare.startsWith(folder + path.sep)).toBe(false);
    expect((await import(pathToFileURL(bare).href)).answer).toBe(42);
  } finally {
    await chmod(folder, 0o700);
  }
});

it('takes nothing from the store with SITE_SPEED_OFF=bundleStore', async () => {
  const clone = path.join(root, 'off-clone');
  await mkdir(clone);
  await cp(path.join(root, 'stored-site', 'site.config.ts'), path.join(clone, 'site.config.ts'));
  const script = `const { cachedBundle } = await import(${JSON.stringify(pathToFileURL(path.join(engine, 'generator/selfBundle.mjs')).href)}); console.log(String(await cachedBundle(${JSON.stringify(root)}, 'cli', ${JSON.stringify(clone)})));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, SITE_SPEED_OFF: 'bundleStore' }, encoding: 'utf8' });
  expect(out.trim()).toBe('null');
  expect(existsSync(path.join(clone, '.site'))).toBe(false);
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
