/**
 * selfBundle: the generator's own bundles are pure ASCII (a single other character makes V8 hold the
 * whole source as a two-byte string), with every escape meaning what the character meant.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asciiOnly, bundleOptions, cachedBundle, selfBundle, siteBundleOptions } from '../../generator/selfBundle.mjs';

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

describe("the engine's package exports", () => {
  const root = path.resolve('.');
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string | { types: string; default: string }> };
  const { name } = pkg;
  const files = Object.fromEntries(
    Object.entries(pkg.exports)
      .filter(([, target]) => typeof target !== 'string')
      .map(([sub, target]) => [sub === '.' ? name : `${name}/${sub.slice(2)}`, path.join(root, (target as { default: string }).default)]),
  );

  it('name files of the engine, with their types; the widget bundle maps the browser ones to the same files', async () => {
    expect(Object.keys(files)).toEqual([name, `${name}/search`, `${name}/islands`, `${name}/client`]);
    for (const [name, target] of Object.entries(pkg.exports)) if (typeof target !== 'string') expect(target.types, name).toBe(target.default);
    for (const file of Object.values(files)) expect(existsSync(file), file).toBe(true);
    const { esbuildOptions } = await import('../../generator/assets/bundleWidgets.ts');
    const alias = esbuildOptions({ widgetsDir: path.join(root, 'widgets'), backend: null }).alias!;
    for (const sub of [`${name}/search`, `${name}/islands`, `${name}/client`]) expect(alias[sub], sub).toBe(files[sub]);
  });

  it("are how a bundle resolves the engine's name: an import they do not name fails, naming them", async () => {
    const esbuild = await import('esbuild');
    const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
    const os = await import('node:os');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'site-exports-'));
    try {
      await writeFile(path.join(dir, 'site.config.ts'), `import { defineConfig } from '${name}';\nimport { internal } from '${name}/render/renderPage';\nconsole.log(defineConfig, internal);\n`);
      const failed = await esbuild.build({ ...siteBundleOptions(dir), absWorkingDir: dir }).catch((e: { errors: { text: string }[] }) => e.errors);
      const exportsText = `(${name}, ${name}/search, ${name}/islands, ${name}/client`;
      expect(failed).toEqual([expect.objectContaining({ text: expect.stringContaining(`"${name}/render/renderPage" is not one of the engine's exports ${exportsText}`) })]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
