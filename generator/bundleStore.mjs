// The bundles this engine installation made for sites (generator/selfBundle.mjs), kept for this user in
// the OS temp folder: a site's folder with no bundle of its own that fits (a fresh clone, a site `site
// init` made, a second worktree, a copy without its .site/) takes a copy of one made for a folder whose
// site files have the same bytes, with its V8 code cache, instead of bundling the generator again and
// compiling it without a cache (seconds of processor time). A stored bundle has a manifest as a site's
// has (bundleManifest.mjs); its site files are compared by their bytes, never by their fingerprints
// alone. SITE_SPEED_OFF=bundleStore (core/speedLayers.cjs) turns it off: nothing read or written.
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import speedLayers from './core/speedLayers.cjs';
import { currentInputs, writeAtomic } from './bundleManifest.mjs';

/** Bundles of each name kept (the newest used): a few sites, or one site's last few template edits. */
const KEEP = 6;

/**
 * This engine installation's folder in the OS temp folder, for this user (made private: 0700); null when
 * what is there is not a folder of this user's that no one else may write to (someone else could put
 * code there for this user to run).
 */
export function engineTempDir(root) {
  const engine = createHash('sha256').update(`${path.resolve(root)}\0${process.getuid?.() ?? ''}`).digest('hex').slice(0, 12);
  const dir = path.join(os.tmpdir(), `site-engine-${engine}`);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (e) {
    if (e?.code !== 'EEXIST') return null;
  }
  try {
    const s = lstatSync(dir);
    const mine = process.getuid === undefined || s.uid === process.getuid();
    return s.isDirectory() && mine && (s.mode & 0o022) === 0 ? dir : null;
  } catch {
    return null;
  }
}

/** The store of the engine at `root`, or null (turned off, or no private temp folder). */
export function bundleStoreDir(root) {
  if (speedLayers.layerOff('bundleStore')) return null;
  const dir = engineTempDir(root);
  return dir && path.join(dir, 'bundles');
}

/** A stored bundle's manifest: `<name>.<hash>.<ext>.json`. */
const manifestsOf = (name) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\.[0-9a-f]{10}\\.[cm]js\\.json$`);

/** `from` copied to `to` as writeAtomic writes: a reader never sees half of it. */
const copyAtomic = async (from, to) => writeAtomic(to, await readFile(from));

/** The store's manifests of `name`, the most recently used first. */
async function storedManifests(store, name) {
  const names = (await readdir(store)).filter((f) => manifestsOf(name).test(f));
  const dated = await Promise.all(names.map(async (f) => ({ f, t: (await stat(path.join(store, f)).catch(() => ({ mtimeMs: 0 }))).mtimeMs })));
  return dated.sort((a, b) => b.t - a.t).map(({ f }) => f);
}

/**
 * Keeps a copy of the site bundle `file` (made a moment ago, its source map beside it) with the manifest
 * `inputs`, and drops the least recently used beyond KEEP. Never fails the command: a store that cannot be
 * written only costs another folder its bundling.
 */
export async function storeBundle(root, name, file, inputs) {
  const store = bundleStoreDir(root);
  if (!store) return;
  try {
    await mkdir(store, { recursive: true });
    const base = path.basename(file);
    for (const f of [`${base}.map`, base]) {
      if (existsSync(path.join(path.dirname(file), f)) && !existsSync(path.join(store, f))) await copyAtomic(path.join(path.dirname(file), f), path.join(store, f));
    }
    await writeAtomic(path.join(store, `${base}.json`), JSON.stringify({ file: base, inputs }));
    const old = (await storedManifests(store, name)).slice(KEEP);
    await Promise.all(old.flatMap((m) => [m, ...['', '.map', '.v8'].map((ext) => m.slice(0, -'.json'.length) + ext)].map((f) => rm(path.join(store, f), { force: true }))));
  } catch {
    // Read-only, full, or removed meanwhile: nothing stored this time.
  }
}

/**
 * A stored bundle of `name` made for a site whose files have the bytes of `siteRoot`'s (and for the
 * engine's files as they are now), copied into `cacheDir` with its source map and code cache and its
 * manifest written there as if it had been bundled there: the copy's path, or null.
 */
export async function storedBundle(root, name, siteRoot, cacheDir) {
  const store = bundleStoreDir(root);
  if (!store) return null;
  try {
    for (const m of await storedManifests(store, name)) {
      const { file, inputs } = JSON.parse(await readFile(path.join(store, m), 'utf8'));
      if (typeof file !== 'string' || path.basename(file) !== file || !inputs) continue;
      const now = currentInputs(root, siteRoot, inputs, true);
      if (!now) continue;
      await mkdir(cacheDir, { recursive: true });
      for (const ext of ['.map', '.v8']) await copyAtomic(path.join(store, file + ext), path.join(cacheDir, file + ext)).catch(() => {});
      await copyAtomic(path.join(store, file), path.join(cacheDir, file));
      await writeAtomic(path.join(cacheDir, `${name}.json`), JSON.stringify({ file, inputs: now.inputs }));
      const used = new Date();
      await utimes(path.join(store, m), used, used).catch(() => {});
      return path.join(cacheDir, file);
    }
  } catch {
    // A store being written or pruned by another process: bundled here instead.
  }
  return null;
}

/**
 * The code cache of the site's bundle `file` (runBundle.cjs writes it after the bundle's first run) given
 * to the store's copy of that bundle, once, if that has none: the next folder to take it starts compiled.
 */
export async function shareCodeCache(root, file) {
  const store = bundleStoreDir(root);
  if (!store) return;
  const stored = path.join(store, path.basename(file));
  if (!existsSync(stored) || existsSync(`${stored}.v8`) || !existsSync(`${file}.v8`)) return;
  await copyAtomic(`${file}.v8`, `${stored}.v8`).catch(() => {});
}
