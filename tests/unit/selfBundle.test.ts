/**
 * selfBundle: the generator's own bundles are pure ASCII (a single other character makes V8 hold the
 * whole source as a two-byte string), with every escape meaning what the character meant.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asciiOnly, bundleOptions, cachedBundle, selfBundle } from '../../generator/selfBundle.mjs';

describe('asciiOnly', () => {
  it('escapes what esbuild leaves in regular expressions and comments, and means the same', () => {
    const code = 'module.exports = { re: /[ẞ…]/, astral: /😀/, s: "x" }; // “quoted” — note';
    const out = asciiOnly(code);
    expect(out).toMatch(/^[\x00-\x7f]*$/);
    const mod = { exports: {} as { re: RegExp; astral: RegExp; s: string } };
    new Function('module', out)(mod);
    expect(mod.exports.re.test('ẞ') && mod.exports.re.test('…') && mod.exports.astral.test('a😀b')).toBe(true);
    expect(mod.exports.re.source).toBe('[\\u1e9e\\u2026]');
  });

  it('leaves a character after a backslash as it is', () => {
    expect(asciiOnly('/\\ẞ/ “')).toBe('/\\ẞ/ \\u201c');
  });
});

describe('selfBundle', () => {
  it("writes the CLI's bundle as ASCII only", async () => {
    const root = path.resolve('.');
    const file = (await cachedBundle(root, 'cli')) ?? (await selfBundle(root, 'cli', 'generator/cli.ts', 'cjs'));
    expect(readFileSync(file, 'latin1')).toMatch(/^[\x00-\x7f]*$/);
  });
});

describe('a CommonJS bundle run from its code cache (runBundle.cjs)', () => {
  it('runs its import() calls on the second start too, when its functions come from the cache', async () => {
    const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
    const { execFileSync } = await import('node:child_process');
    const os = await import('node:os');
    const esbuild = await import('esbuild');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'site-selfbundle-'));
    try {
      const entry = path.join(dir, 'entry.ts');
      await writeFile(entry, "export const go = async () => typeof (await import('node:os')).cpus;\ngo().then((t) => console.log(t), (e) => console.log(e.code));\n");
      const result = await esbuild.build({ ...bundleOptions(entry, 'cjs'), absWorkingDir: dir });
      const file = path.join(dir, 'bundle.cjs');
      await writeFile(file, result.outputFiles.find((f) => !f.path.endsWith('.map'))!.text);
      const run = () => execFileSync(process.execPath, ['-e', `require(${JSON.stringify(path.resolve('generator/runBundle.cjs'))}).runBundle(${JSON.stringify(file)})`], { encoding: 'utf8' }).trim();
      expect(run()).toBe('function'); // compiles, and takes the code cache at exit
      expect(readFileSync(`${file}.v8`).length).toBeGreaterThan(0);
      expect(run()).toBe('function'); // from the cache: import() threw ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
