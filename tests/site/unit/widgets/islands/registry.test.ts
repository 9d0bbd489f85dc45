// @vitest-environment happy-dom
/** This site's islands, as the engine's registry lists them: its ten files, each a module whose default export is a mount function. */
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  (globalThis as { __SITE_BACKEND__?: unknown }).__SITE_BACKEND__ = null;
});

import { listIslands } from '../../../../../generator/assets/islandRegistry.ts';

const islandsDir = path.resolve(import.meta.dirname, '../../../../../widgets/islands');

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
