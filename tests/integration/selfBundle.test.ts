/**
 * generator/selfBundle.mjs: the engine's bundles (no site: one per engine installation, outside its folder)
 * and a site's own bundle, in the site's .site/cache: a site's folder copied or renamed with its .site/
 * keeps its bundle while its files' bytes are the same; a folder without one of its own takes a copy of
 * the one made for the same site files, from the engine's store in a private temporary folder, and nothing
 * for other files or from a folder others may write to; a site's bundle takes React and the engine's
 * exports from the engine that runs it; the packages a bundle leaves out load from the engine's
 * installation wherever the bundle is.
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
import { bundleOptions, cachedBundle, engineModuleId, selfBundle, siteBundle } from '../../generator/selfBundle.mjs';

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

it("keeps the engine's bundle outside the site's folder, and the site's own bundle in its .site/cache", async () => {
  const site = path.join(root, 'both-site');
  await siteFolder(site);
  const bare = await selfBundle(root, 'cli', 'entry.mjs', 'esm');
  const ofSite = await siteBundle(root, site);
  expect(path.dirname(ofSite)).toBe(path.join(site, '.site', 'cache'));
  expect(path.relative(root, bare).startsWith('..')).toBe(true);
  expect(await cachedBundle(root, 'cli')).toBe(bare);
  expect(await cachedBundle(root, 'site', site)).toBe(ofSite);
});

it("drops the engine's bundles an earlier engine kept in the site's .site/cache, and nothing else there", async () => {
  const site = path.join(root, 'upgraded-site');
  await siteFolder(site);
  const cache = path.join(site, '.site', 'cache');
  await mkdir(cache, { recursive: true });
  const earlier = ['cli.json', 'cli.0123456789.cjs', 'cli.0123456789.cjs.map', 'cli.0123456789.cjs.v8', 'dev-worker.0123456789.mjs', 'shard.json'];
  const kept = ['shiki-regex-0123456789abcdef.json', 'notes.txt'];
  for (const f of [...earlier, ...kept]) await writeFile(path.join(cache, f), 'x');
  await mkdir(path.join(cache, 'build'));
  const ofSite = await siteBundle(root, site);
  for (const f of earlier) expect(existsSync(path.join(cache, f)), f).toBe(false);
  for (const f of [...kept, 'build', path.basename(ofSite)]) expect(existsSync(path.join(cache, f)), f).toBe(true);
});

/** A site folder whose config names it. */
async function siteFolder(site: string) {
  await mkdir(site, { recursive: true });
  await writeFile(path.join(site, 'site.config.ts'), 'export default { name: "copied" };\n');
}
/** What the site bundle `file` defines, run as the engine runs it (with nothing of the engine's it needs). */
const defined = (file: string) => (runBundle(file, 'now', { provided: {} }) as { default: { name: string } }).default;

it("takes React and the engine's exports from the engine that runs it, never a copy of its own", async () => {
  const site = path.join(root, 'shared-site');
  await mkdir(site);
  await writeFile(
    path.join(site, 'site.config.ts'),
    "import { useState } from 'react';\nimport { z } from 'zod';\nimport { defineConfig } from 'skerry';\nimport { mountReact } from 'skerry/islands';\nexport default { useState, z, defineConfig, mountReact };\n",
  );
  const file = await siteBundle(root, site);
  expect((await stat(file)).size).toBeLessThan(5_000);
  const provided = {
    react: { useState: () => 'the engine\'s React' },
    zod: { z: 'the engine\'s zod' },
    [engineModuleId(path.join(engine, 'generator/site/api.ts'))]: { defineConfig: 'the running engine' },
    [engineModuleId(path.join(engine, 'generator/islands/index.ts'))]: { mountReact: 'its islands' },
  };
  const site_ = (runBundle(file, 'now', { provided }) as { default: Record<string, unknown> }).default;
  expect(site_).toEqual({ useState: provided.react.useState, z: "the engine's zod", defineConfig: 'the running engine', mountReact: 'its islands' });
});

it('keeps the bundle of a folder copied or renamed with its .site/ while its files are the same', async () => {
  const site = path.join(root, 'first-site');
  const copy = path.join(root, 'copied-site');
  const renamed = path.join(root, 'renamed-site');
  await siteFolder(site);
  const ofSite = await siteBundle(root, site);
  expect(defined(ofSite)).toEqual({ name: 'copied' });
  // fs.cp gives the copy's files new mtimes: the manifest then compares their bytes.
  await cp(site, copy, { recursive: true });
  const inCopy = await cachedBundle(root, 'site', copy);
  expect(inCopy).toBe(path.join(copy, '.site', 'cache', path.basename(ofSite)));
  expect(defined(inCopy!)).toEqual({ name: 'copied' });
  await rename(copy, renamed);
  const inRenamed = await cachedBundle(root, 'site', renamed);
  expect(inRenamed).toBe(path.join(renamed, '.site', 'cache', path.basename(ofSite)));
  expect(await cachedBundle(root, 'site', site)).toBe(ofSite);
});

it("bundles a copy again once one of its site's files differs, and leaves the first folder's bundle alone", async () => {
  const site = path.join(root, 'edited-site');
  const copy = path.join(root, 'edited-copy');
  await siteFolder(site);
  const ofSite = await siteBundle(root, site);
  await cp(site, copy, { recursive: true });
  // The same size, other bytes: only the content tells them apart once the mtime moved.
  await writeFile(path.join(copy, 'site.config.ts'), 'export default { name: "edited" };\n');
  expect(await cachedBundle(root, 'site', copy)).toBeNull();
  const own = await siteBundle(root, copy);
  expect(defined(own)).toEqual({ name: 'edited' });
  expect(await cachedBundle(root, 'site', site)).toBe(ofSite);
});

it('takes the new mtime of an input whose bytes did not change, so that the next start only compares fingerprints', async () => {
  const site = path.join(root, 'touched-site');
  await siteFolder(site);
  const ofSite = await siteBundle(root, site);
  const manifest = path.join(site, '.site', 'cache', 'site.json');
  const before = await readFile(manifest, 'utf8');
  const later = new Date(Date.now() + 60_000);
  await utimes(path.join(site, 'site.config.ts'), later, later);
  expect(await cachedBundle(root, 'site', site)).toBe(ofSite);
  const after = await readFile(manifest, 'utf8');
  expect(after).not.toBe(before);
  const now = await stat(path.join(site, 'site.config.ts'));
  expect(JSON.parse(after).inputs['site:site.config.ts'][0]).toBe(`${now.mtimeMs}:${now.size}`);
});

it("takes nothing from a manifest an older engine wrote (fingerprints alone, the bundle's path absolute)", async () => {
  const site = path.join(root, 'older-site');
  await siteFolder(site);
  const ofSite = await siteBundle(root, site);
  const manifest = path.join(site, '.site', 'cache', 'site.json');
  const current = JSON.parse(await readFile(manifest, 'utf8')) as { inputs: Record<string, [string, string]> };
  const older = { file: ofSite, site, inputs: Object.fromEntries(Object.entries(current.inputs).map(([key, [fp]]) => [key, fp])) };
  await writeFile(manifest, JSON.stringify(older));
  // The engine's store (which holds this bundle too) emptied: only the folder's own manifest could answer.
  await rm(bundleStoreDir(root)!, { recursive: true, force: true });
  expect(await cachedBundle(root, 'site', site)).toBeNull();
});

it("gives a folder without bundles of its own a copy of the one made for the same site files elsewhere, with its code cache", async () => {
  const site = path.join(root, 'stored-site');
  const clone = path.join(root, 'stored-clone');
  await siteFolder(site);
  const ofSite = await siteBundle(root, site);
  // Its first run takes the code cache, its next start gives that to the store.
  defined(ofSite);
  expect(existsSync(`${ofSite}.v8`)).toBe(true);
  expect(await cachedBundle(root, 'site', site)).toBe(ofSite);
  // A clone: the site's files, not its .site/.
  await mkdir(clone);
  await cp(path.join(site, 'site.config.ts'), path.join(clone, 'site.config.ts'));
  const taken = await cachedBundle(root, 'site', clone);
  expect(taken).toBe(path.join(clone, '.site', 'cache', path.basename(ofSite)));
  expect(await readFile(taken!)).toEqual(await readFile(ofSite));
  expect(await readFile(`${taken}.v8`)).toEqual(await readFile(`${ofSite}.v8`));
  expect(existsSync(`${taken}.map`)).toBe(true);
  expect(defined(taken!)).toEqual({ name: 'copied' });
  // Its own now: the next start finds it in the clone's manifest.
  expect(await cachedBundle(root, 'site', clone)).toBe(taken);
});

it('takes no stored bundle for other site files, even with the fingerprints of the stored ones', async () => {
  const site = path.join(root, 'fingerprint-site');
  const other = path.join(root, 'fingerprint-other');
  await siteFolder(site);
  await siteBundle(root, site);
  await mkdir(other);
  // Other bytes of the same size, then the stored file's mtime: only the bytes tell them apart.
  await writeFile(path.join(other, 'site.config.ts'), 'export default { name: "cupied" };\n');
  const { mtime } = await stat(path.join(site, 'site.config.ts'));
  await utimes(path.join(other, 'site.config.ts'), mtime, mtime);
  expect(await cachedBundle(root, 'site', other)).toBeNull();
  expect(existsSync(path.join(other, '.site'))).toBe(false);
});

it("takes nothing from the engine's temporary folder once others may write to it, and still bundles", async () => {
  const site = path.join(root, 'open-site');
  const clone = path.join(root, 'open-clone');
  await siteFolder(site);
  await siteBundle(root, site);
  const folder = path.dirname(bundleStoreDir(root)!);
  await chmod(folder, 0o777);
  try {
    await mkdir(clone);
    await cp(path.join(site, 'site.config.ts'), path.join(clone, 'site.config.ts'));
    expect(await cachedBundle(root, 'site', clone)).toBeNull();
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
  const script = `const { cachedBundle } = await import(${JSON.stringify(pathToFileURL(path.join(engine, 'generator/selfBundle.mjs')).href)}); console.log(String(await cachedBundle(${JSON.stringify(root)}, 'site', ${JSON.stringify(clone)})));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, SITE_SPEED_OFF: 'bundleStore' }, encoding: 'utf8' });
  expect(out.trim()).toBe('null');
  expect(existsSync(path.join(clone, '.site'))).toBe(false);
});

it("writes the engine's bundle outside the engine's folder", async () => {
  const bare = await selfBundle(root, 'cli', 'entry.mjs', 'esm');
  expect(path.relative(root, bare).startsWith('..')).toBe(true);
  expect(existsSync(path.join(root, '.site'))).toBe(false);
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
