/** cachedAsset makes an asset once and serves it from the cache until an input file's content, the options or the generator key changes. */
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BuildCache } from '../../../generator/cache/BuildCache.ts';
import { cachedAsset } from '../../../generator/cache/cachedAsset.ts';

let tmp: string;
let run = 0;
let cacheDir: string;
let cache: BuildCache;
let inputs: string[];
let calls: number;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-asset-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** An author's edit, saved a while before the build (an input changed during a build is not stored). */
async function writeInput(file: string, text: string): Promise<void> {
  await writeFile(file, text);
  const past = new Date(Date.now() - 10_000 - run * 10);
  await utimes(file, past, past);
}

beforeEach(async () => {
  run++;
  cacheDir = path.join(tmp, `cache-${run}`);
  cache = BuildCache.open(cacheDir, { read: true });
  inputs = [path.join(tmp, `entry-${run}.css`), path.join(tmp, `part-${run}.css`)];
  await writeInput(inputs[0]!, '@import "part.css"; body { color: red }');
  await writeInput(inputs[1]!, 'p { margin: 0 }');
  calls = 0;
});

/** The asset: a Map (not JSON-safe, so the codec matters) built from its inputs' text. */
type Asset = Map<string, string>;
const codec = {
  save: (value: Asset) => Object.fromEntries(value),
  load: (saved: Record<string, string>): Asset => new Map(Object.entries(saved)),
};

/** make() reads the inputs, as esbuild or lightningcss would, and reports them. */
const make = (files: string[] = inputs) => async () => {
  calls++;
  const texts = await Promise.all(files.map((f) => readFile(f, 'utf8')));
  return { value: new Map([['code', texts.join('\n')], ['run', String(calls)]]), inputs: files };
};

const get = (options: unknown = { minify: true }, packKey = 'gen-1', files?: string[], c: BuildCache = cache) =>
  cachedAsset(c, 'styles', packKey, options, make(files), codec);

describe('cachedAsset', () => {
  it('runs make the first time and returns its value', async () => {
    const value = await get();
    expect(calls).toBe(1);
    expect(value.get('code')).toBe('@import "part.css"; body { color: red }\np { margin: 0 }');
  });

  it('does not run make again for unchanged inputs and options, and returns an equal value through the codec', async () => {
    const first = await get();
    const second = await get();
    expect(calls).toBe(1);
    expect(second).toBeInstanceOf(Map);
    expect(second).toEqual(first);
    // A new process (a new BuildCache on the same folder) sees the same.
    expect(await get(undefined, undefined, undefined, BuildCache.open(cacheDir, { read: true }))).toEqual(first);
    expect(calls).toBe(1);
  });

  it("runs make again when an input file's content changes", async () => {
    await get();
    await writeInput(inputs[1]!, 'p { margin: 1px }');
    const value = await get();
    expect(calls).toBe(2);
    expect(value.get('code')).toContain('margin: 1px');
    await get();
    expect(calls).toBe(2);
  });

  it('does not run make again when an input is rewritten with the same content', async () => {
    await get();
    await writeInput(inputs[0]!, await readFile(inputs[0]!, 'utf8'));
    await get();
    expect(calls).toBe(1);
  });

  it('runs make again when an input file disappears', async () => {
    await get();
    await rm(inputs[1]!);
    await expect(get()).rejects.toThrow(/ENOENT/);
    expect(calls).toBe(2);
  });

  it('runs make again when the options change', async () => {
    await get({ minify: true });
    await get({ minify: false });
    expect(calls).toBe(2);
    await get({ minify: false });
    expect(calls).toBe(2);
  });

  it('runs make again when the pack key (the generator) changes', async () => {
    await get(undefined, 'gen-1');
    await get(undefined, 'gen-2');
    expect(calls).toBe(2);
  });

  it('watches the inputs the last run reported: a new input is picked up', async () => {
    const extra = path.join(tmp, `extra-${run}.css`);
    await writeInput(extra, 'a { color: blue }');
    await get(undefined, undefined, inputs);
    await get(undefined, undefined, [...inputs, extra]);
    // The cached entry still lists two inputs: extra's arrival alone did not invalidate it.
    expect(calls).toBe(1);
    await writeInput(inputs[0]!, 'body { color: green }');
    await get(undefined, undefined, [...inputs, extra]);
    expect(calls).toBe(2);
    await writeInput(extra, 'a { color: purple }');
    await get(undefined, undefined, [...inputs, extra]);
    expect(calls).toBe(3);
  });

  it('runs make again when the pack is corrupt', async () => {
    await get();
    const pack = path.join(cacheDir, 'asset-styles.pack');
    const text = await readFile(pack, 'utf8');
    await writeFile(pack, text.replace('color: red', 'color: RED'));
    const value = await get();
    expect(calls).toBe(2);
    expect(value.get('code')).toContain('color: red');
    await get();
    expect(calls).toBe(2);
  });

  it('runs make again when the codec cannot load what was saved', async () => {
    await get();
    const strict = {
      save: codec.save,
      load: (saved: Record<string, string>): Asset => {
        if (!('version' in saved)) throw new Error('old format');
        return codec.load(saved);
      },
    };
    await cachedAsset(cache, 'styles', 'gen-1', { minify: true }, make(), strict);
    expect(calls).toBe(2);
  });

  it('with --no-cache (read: false) always runs make, but stores the result for the next build', async () => {
    const fresh = BuildCache.open(cacheDir, { read: false });
    await get(undefined, undefined, undefined, fresh);
    await get(undefined, undefined, undefined, fresh);
    expect(calls).toBe(2);
    await get();
    expect(calls).toBe(2);
  });

  it('does not store an asset whose input was saved while it was being made (the next build makes it again)', async () => {
    const first = await cachedAsset(cache, 'styles', 'gen-1', {}, async () => {
      calls++;
      const text = await readFile(inputs[0]!, 'utf8');
      await writeFile(inputs[0]!, 'body { color: saved-during-build }');
      return { value: new Map([['code', text]]), inputs };
    }, codec);
    expect(first.get('code')).toContain('color: red');
    const second = await get({});
    expect(calls).toBe(2);
    expect(second.get('code')).toContain('saved-during-build');
  });
});
