/** The stylesheet and the widget bundle are optional: a site without them gets none, and gets one as soon as it adds it. */
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedCss, cachedWidgets } from '../../../generator/assets/cachedAssets.ts';
import { BuildCache } from '../../../generator/cache/BuildCache.ts';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-assets-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('cachedCss', () => {
  it('gives no stylesheet for a site without templates/styles/main.css, and compiles the one it adds later', async () => {
    const cache = BuildCache.open(path.join(tmp, 'cache-css'), { read: true });
    const entry = path.join(tmp, 'styles', 'main.css');
    expect(await cachedCss(cache, 'key', entry)).toBeNull();
    await mkdir(path.dirname(entry), { recursive: true });
    await writeFile(entry, 'main { margin: 0 auto }');
    const past = new Date(Date.now() - 10_000);
    await utimes(entry, past, past);
    const css = await cachedCss(cache, 'key', entry);
    expect(css?.file).toMatch(/^assets\/main\.[0-9a-f]{10}\.css$/);
    expect(Buffer.from(css!.code).toString()).toContain('margin:0 auto');
  });
});

describe('cachedWidgets', () => {
  it('gives an empty bundle, without a loader, for a site without a widgets folder', async () => {
    const cache = BuildCache.open(path.join(tmp, 'cache-widgets'), { read: true });
    const bundle = await cachedWidgets(cache, 'key', { widgetsDir: path.join(tmp, 'widgets'), backend: null });
    expect(bundle.loader).toBe('');
    expect(bundle.files.size).toBe(0);
    expect(bundle.islandChunks.size).toBe(0);
  });

  it('bundles again when an island file is added, though no file the last bundle read changed', async () => {
    const cache = BuildCache.open(path.join(tmp, 'cache-islands'), { read: true });
    const widgetsDir = path.join(tmp, 'site-widgets');
    await mkdir(path.join(widgetsDir, 'islands'), { recursive: true });
    const island = (name: string) => `export default function mount(el: HTMLElement) { el.dataset.${name.toLowerCase()} = 'on'; }\n`;
    await writeFile(path.join(widgetsDir, 'islands', 'First.ts'), island('First'));
    const past = new Date(Date.now() - 10_000);
    await utimes(path.join(widgetsDir, 'islands', 'First.ts'), past, past);
    const first = await cachedWidgets(cache, 'key', { widgetsDir, backend: null });
    expect([...first.islandChunks.keys()]).toEqual(['First']);
    await writeFile(path.join(widgetsDir, 'islands', 'Second.ts'), island('Second'));
    const second = await cachedWidgets(BuildCache.open(path.join(tmp, 'cache-islands'), { read: true }), 'key', { widgetsDir, backend: null });
    expect([...second.islandChunks.keys()].sort()).toEqual(['First', 'Second']);
  });
});
