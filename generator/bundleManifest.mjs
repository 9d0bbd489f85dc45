// What a bundle's manifest records of its inputs (generator/selfBundle.mjs): each input's fingerprint
// (mtime and size) and the hash of its bytes, named from the site's folder (`site:<path>`) or from the
// engine's, so that the record still holds once the site's folder is copied or moved. Plain JavaScript,
// as selfBundle.mjs is: it runs before anything can load TypeScript.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** mtime and size, or 'missing'. Synchronous: a few hundred stat() calls cost less so than as promises. */
export const fingerprint = (file) => {
  try {
    const s = statSync(file);
    return `${s.mtimeMs}:${s.size}`;
  } catch {
    return 'missing';
  }
};

/**
 * The hash of a file's bytes, or 'missing': read only for an input whose fingerprint moved. Here rather than
 * core/contentHash.ts, which is TypeScript.
 */
export const contentHash = (file) => {
  try {
    return createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 20);
  } catch {
    return 'missing';
  }
};

/** How a manifest names an input inside the site's folder: relative to it, so that the folder may move. */
export const IN_SITE = 'site:';

/** `file`'s path inside the site's folder (with / between names), or null when it lies outside it (or there is no site). */
export const inSite = (siteRoot, file) => {
  if (!siteRoot) return null;
  const rel = path.relative(siteRoot, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep).join('/');
};

/** An input's name in a manifest: `site:<path>` inside the site's folder, else its path from the engine's. */
export const inputKey = (root, siteRoot, input) => {
  const rel = inSite(siteRoot, path.resolve(root, input));
  return rel === null ? input : IN_SITE + rel;
};

/** The file a manifest's input name stands for. */
export const inputPath = (root, siteRoot, key) => (key.startsWith(IN_SITE) && siteRoot ? path.join(siteRoot, key.slice(IN_SITE.length)) : path.resolve(root, key));

/** Parallel processes (tests, dev and build side by side) never read a half-written file. */
export async function writeAtomic(file, data) {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/**
 * `inputs` (a manifest's) as this folder has them now, each with its current fingerprint; null when one
 * input's bytes differ (or the manifest is an older engine's: a fingerprint alone). An input whose
 * fingerprint is unchanged is taken as unchanged, unless `siteBytes` and it lies in the site's folder (a
 * manifest made for another folder, whose files may share a fingerprint with other bytes). `moved`: some
 * fingerprint changed.
 */
export function currentInputs(root, siteRoot, inputs, siteBytes = false) {
  const now = {};
  let moved = false;
  for (const [key, input] of Object.entries(inputs)) {
    if (!Array.isArray(input)) return null;
    const [fp, hash] = input;
    const at = inputPath(root, siteRoot, key);
    const current = fingerprint(at);
    if ((current !== fp || (siteBytes && key.startsWith(IN_SITE))) && contentHash(at) !== hash) return null;
    if (current !== fp) moved = true;
    now[key] = [current, hash];
  }
  return { inputs: now, moved };
}
