/**
 * An error thrown by a site's code inside one of the generator's bundles (saveBundle writes its source map
 * beside it) is named at the site's file and line: siteSource for the error kinds, mapStack for the stack.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBundle } from '../../../generator/runBundle.cjs';
import { bundleOptions, saveBundle } from '../../../generator/selfBundle.mjs';
import { mapStack } from '../../../generator/core/mapStack.ts';
import { siteSource } from '../../../generator/core/siteSource.ts';

const engine = fileURLToPath(new URL('../../..', import.meta.url));

describe('an error thrown in a bundle of a site', () => {
  let tmp: string;
  let thrown: Error;
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'site-source-'));
    const site = path.join(tmp, 'site');
    await mkdir(path.join(site, 'templates'), { recursive: true });
    await writeFile(path.join(site, 'site.config.ts'), 'export default {};\n');
    await writeFile(path.join(site, 'templates', 'Card.ts'), "export function Card(title: string) {\n  const words = title.split(' ');\n  if (words.length > 2) throw new Error('a card fits two words');\n  return words;\n}\n");
    const entry = path.join(site, 'entry.ts');
    await writeFile(entry, "import { Card } from './templates/Card.ts';\nexport const draw = () => Card('one two three');\n");
    const result = await esbuild.build({ ...bundleOptions(entry, 'cjs'), absWorkingDir: engine });
    const file = await saveBundle(result, engine, 'cards', site);
    const { draw } = runBundle(file, 'now') as { draw: () => unknown };
    try {
      draw();
    } catch (e) {
      thrown = e as Error;
    }
  }, 60_000);
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  it('names the file and line in the site, relative to it', () => {
    expect(thrown.stack).toMatch(/\.site[\\/]cache[\\/]cards\.\w+\.cjs:\d+/);
    expect(siteSource(thrown)).toEqual({
      file: 'templates/Card.ts',
      line: 3,
      frames: [expect.stringMatching(/^at Card \(templates\/Card\.ts:3:\d+\)$/), expect.stringMatching(/^at draw \(entry\.ts:2:\d+\)$/)],
    });
  });

  it('maps every frame of the stack to the source', () => {
    const stack = mapStack(thrown.stack!);
    expect(stack).toContain(`at Card (${path.join(tmp, 'site', 'templates', 'Card.ts')}:3:`);
    expect(stack).not.toMatch(/cards\.\w+\.cjs/);
  });

  it("knows nothing of an error thrown in the engine's code or a package's", () => {
    const stack = `Error: from the engine\n    at renderPageParts (${path.join(engine, 'generator/render/renderPage.tsx')}:80:11)\n    at render (${path.join(engine, 'node_modules/react-dom/server.js')}:1:1)`;
    expect(siteSource(Object.assign(new Error('from the engine'), { stack }))).toBeUndefined();
    expect(siteSource('not an error')).toBeUndefined();
  });
});
