/**
 * Assets (the widget bundle, the stylesheet) from the build cache when
 * none of their inputs changed: same first-party files (by content), same
 * dependency versions (the lock file), same options. Saves a warm build the
 * esbuild and lightningcss runs and the gzip measurements. The inputs are
 * the ones the previous run reported (esbuild's metafile, lightningcss's
 * imports), so a new import is picked up by the run that adds it.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BuildCache } from './BuildCache.ts';
import { hashParts } from '../core/contentHash.ts';
import { generatorRoot } from './sourceKey.ts';

interface Entry<S> {
  key: string;
  inputs: string[];
  value: S;
}

/** Inputs changed this recently may have changed while the asset was made. */
const RACY_MS = 1000;

const isPackage = (file: string) => file.split(/[\\/]/).includes('node_modules');

async function inputsKey(options: string, inputs: string[]): Promise<string> {
  const files = [...new Set(inputs.filter((f) => !isPackage(f)))].sort();
  files.push(path.join(generatorRoot, 'package-lock.json'));
  const texts = await Promise.all(files.map((f) => readFile(f).catch(() => Buffer.from('missing'))));
  return hashParts([options, ...files.flatMap((f, i) => [f, texts[i]!])]);
}

export async function cachedAsset<T, S>(
  cache: BuildCache,
  name: string,
  /** The generator's own key: a new generator version makes the asset afresh. With no asset stored yet, making it does not wait for the key. */
  packKey: string | Promise<string>,
  options: unknown,
  make: () => Promise<{ value: T; inputs: string[] }>,
  codec: { save: (value: T) => S; load: (saved: S) => T },
): Promise<T> {
  const optionsKey = JSON.stringify(options);
  const previous = cache.hasPack(`asset-${name}`) ? cache.readPack<Entry<S>>(`asset-${name}`, await packKey)['entry'] : undefined;
  if (previous && Array.isArray(previous.inputs) && (await inputsKey(optionsKey, previous.inputs)) === previous.key) {
    try {
      return codec.load(previous.value);
    } catch {
      /* not what this version saves: make it again */
    }
  }
  const started = Date.now();
  const { value, inputs } = await make();
  // An input saved while esbuild or lightningcss ran would file the old output under the new content:
  // such a result is used once and not stored (a clock tick of slack for coarse file times).
  const touched = await Promise.all(inputs.filter((f) => !isPackage(f)).map((f) => stat(f).then((s) => s.mtimeMs, () => Infinity)));
  if (touched.every((t) => t < started - RACY_MS)) {
    cache.writePack(`asset-${name}`, await packKey, { entry: { key: await inputsKey(optionsKey, inputs), inputs, value: codec.save(value) } });
  }
  return value;
}
