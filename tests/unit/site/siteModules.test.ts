/**
 * site/siteModules.ts: a site's bundle is handed, by the name its require() gives them, every module it
 * leaves to the engine (selfBundle.mjs): each shared package and each of the package's exports, and
 * nothing else.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { engineModuleId, SHARED_PACKAGES } from '../../../generator/selfBundle.mjs';
import { siteModules } from '../../../generator/site/siteModules.ts';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { exports: Record<string, string | { default: string }> };

it("hands a site's bundle each shared package and each of the engine's exports, and nothing else", () => {
  const exported = Object.entries(pkg.exports)
    .filter(([sub]) => sub !== './package.json')
    .map(([, target]) => engineModuleId(path.resolve(typeof target === 'string' ? target : target.default)));
  expect(Object.keys(siteModules).sort()).toEqual([...SHARED_PACKAGES, ...exported].sort());
  for (const [id, mod] of Object.entries(siteModules)) expect(mod, id).toBeTypeOf('object');
});
