// @vitest-environment happy-dom
/**
 * The island registry the widget bundle generates (generator/assets/islandRegistry.ts): every
 * `<Name>.ts|tsx` of a site's widgets/islands/ is the island `<Name>`; this site's ten islands each
 * load a module whose default export is a mount function.
 */
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  (globalThis as { __SITE_BACKEND__?: unknown }).__SITE_BACKEND__ = null;
});

import { islandFiles, listIslands, registrySource } from '../../../generator/assets/islandRegistry.ts';

const islandsDir = path.resolve(import.meta.dirname, '../../../widgets/islands');

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

describe("this site's islands", () => {
  const names = ['CookieBanner', 'NavSession', 'TypingEffect', 'DemoVideo', 'BlogSearch', 'NotFoundLog', 'ContactForm', 'WaitlistForm', 'AuthForm', 'AdminDashboard'];
  const islands = listIslands(islandsDir);

  it('are exactly the ten files of widgets/islands/', () => {
    expect(islands.map(([name]) => name)).toEqual([...names].sort());
  });

  it.each(islands)('%s loads a module whose default export is a mount function', async (_name, file) => {
    const mod = (await import(path.join(islandsDir, file))) as { default: unknown };
    expect(typeof mod.default).toBe('function');
  });
});
