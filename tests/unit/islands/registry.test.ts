/**
 * The island registry the widget bundle generates (generator/assets/islandRegistry.ts): every
 * `<Name>.ts|tsx` of a site's widgets/islands/ is the island `<Name>`, imported lazily from its file.
 */
import path from 'node:path';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';

import { islandFiles, listIslands, registrySource } from '../../../generator/assets/islandRegistry.ts';

/** A site's widgets/islands/ written by the test: two islands and a file that is not one. */
const islandsDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'site-islands-')), 'widgets', 'islands');
mkdirSync(islandsDir, { recursive: true });
for (const [file, text] of [['Toggle.tsx', 'export default () => {};\n'], ['CopyLink.ts', 'export default () => {};\n'], ['README.md', 'Not an island.\n']]) writeFileSync(path.join(islandsDir, file!), text!);

describe('islandFiles', () => {
  it('takes every .ts and .tsx file as the island of its name, sorted by name', () => {
    expect(islandFiles(['Toggle.tsx', 'CopyLink.ts', 'README.md', 'types.d.ts', 'Toggle.test.ts', 'notes.txt'])).toEqual([
      ['CopyLink', 'CopyLink.ts'],
      ['Toggle', 'Toggle.tsx'],
    ]);
  });

  it('keeps one file per name when both Name.ts and Name.tsx exist', () => {
    expect(islandFiles(['A.tsx', 'A.ts'])).toEqual([['A', 'A.ts']]);
  });

  it("lists a site's folder: its .ts and .tsx files, by name", () => {
    expect(listIslands(islandsDir)).toEqual([
      ['CopyLink', 'CopyLink.ts'],
      ['Toggle', 'Toggle.tsx'],
    ]);
  });

  it('gives no islands for an empty or missing folder', () => {
    expect(islandFiles([])).toEqual([]);
    expect(listIslands(path.join(islandsDir, 'no-such-folder'))).toEqual([]);
  });
});

describe('registrySource', () => {
  it('imports each island lazily from its file', () => {
    const source = registrySource('/site/widgets/islands', [['CopyLink', 'CopyLink.ts']]);
    expect(source).toBe(`export const islands = {\n  "CopyLink": () => import(${JSON.stringify(path.join('/site/widgets/islands', 'CopyLink.ts'))}),\n};\n`);
  });
});
