import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MEMORY_LIMIT_MB, findFunction, functionSettingsFromToml } from '../../../../generator/backend/functions/functionsConfig.ts';
import { parseEnvFile } from '../../../../generator/backend/functions/parseEnvFile.ts';
import { parseToml } from '../../../../generator/backend/parseToml.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'site-functions-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function file(relative: string, text = '') {
  mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
  writeFileSync(path.join(dir, relative), text);
}

describe('functionSettingsFromToml', () => {
  it('reads [functions.<name>] as the CLI names its keys, and ignores what is not a table', () => {
    const toml = parseToml(`[functions.a]\nverify_jwt = false\nenabled = true\nentrypoint = "./functions/a/main.ts"\nimport_map = "./functions/a/deno.json"\n[functions.b]\nenabled = false\n`);
    expect(functionSettingsFromToml(toml)).toEqual({
      a: { verify_jwt: false, enabled: true, entrypoint: './functions/a/main.ts', import_map: './functions/a/deno.json' },
      b: { enabled: false },
    });
    expect(functionSettingsFromToml(parseToml('functions = 1'))).toEqual({});
    expect(functionSettingsFromToml({})).toEqual({});
  });

  it('reads memory_limit_mb (embedded) when it is a positive number', () => {
    const toml = parseToml(`[functions.a]\nmemory_limit_mb = 64\n[functions.b]\nmemory_limit_mb = 0\n[functions.c]\nmemory_limit_mb = "64"\n`);
    expect(functionSettingsFromToml(toml)).toEqual({ a: { memory_limit_mb: 64 }, b: {}, c: {} });
  });
});

describe('findFunction', () => {
  file('functions/plain/index.ts');
  file('functions/with-config/index.ts');
  file('functions/with-config/deno.json', '{}');
  file('functions/with-map/index.ts');
  file('functions/with-map/import_map.json', '{}');
  file('functions/no-index/main.ts');
  file('functions/custom/main.ts');

  it('finds a folder with an index.ts; verify_jwt defaults to true', () => {
    expect(findFunction(dir, {}, 'plain')).toMatchObject({ name: 'plain', entrypoint: expect.stringMatching(/functions\/plain\/index\.ts$/), config: null, verifyJwt: true });
  });

  it("uses the folder's deno.json as config and import_map.json as import map", () => {
    expect(findFunction(dir, {}, 'with-config')!.config).toMatchObject({ kind: 'config', path: expect.stringMatching(/with-config\/deno\.json$/) });
    expect(findFunction(dir, {}, 'with-map')!.config).toMatchObject({ kind: 'importMap', path: expect.stringMatching(/with-map\/import_map\.json$/) });
  });

  it('honours entrypoint, verify_jwt and enabled of config.toml', () => {
    const settings = { custom: { entrypoint: './functions/custom/main.ts', verify_jwt: false }, plain: { enabled: false } };
    expect(findFunction(dir, settings, 'custom')).toMatchObject({ entrypoint: expect.stringMatching(/custom\/main\.ts$/), verifyJwt: false });
    expect(findFunction(dir, settings, 'plain')).toBeNull();
  });

  it("holds a function to hosted Supabase's 256 MB unless memory_limit_mb says otherwise", () => {
    expect(DEFAULT_MEMORY_LIMIT_MB).toBe(256);
    expect(findFunction(dir, {}, 'plain')!.memoryLimitMb).toBe(256);
    expect(findFunction(dir, { plain: { memory_limit_mb: 512 } }, 'plain')!.memoryLimitMb).toBe(512);
  });

  it('is null for a folder without index.ts, an unknown name, a bad name or an inherited key', () => {
    for (const name of ['no-index', 'nope', '', '-x', '../functions/plain', 'a/b', 'constructor', '__proto__']) expect(findFunction(dir, {}, name), name).toBeNull();
  });
});

describe('parseEnvFile', () => {
  it('reads NAME=value lines as `supabase functions serve` reads functions/.env', () => {
    const text = ['# comment', 'A=1', 'export B = two words ', 'C="quoted # not a comment\\nline"', "D='single $x'", 'E=value # comment', 'not a line', '', 'F='].join('\n');
    expect(parseEnvFile(text)).toEqual({ A: '1', B: 'two words', C: 'quoted # not a comment\nline', D: 'single $x', E: 'value', F: '' });
  });
});
