/**
 * selfBundle: the generator's own bundles are pure ASCII (a single other character makes V8 hold the
 * whole source as a two-byte string), with every escape meaning what the character meant.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asciiOnly, cachedBundle, selfBundle } from '../../generator/selfBundle.mjs';

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
