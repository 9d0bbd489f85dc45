import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseToml, type TomlTable } from '../parseToml.ts';

/** One edge function as the Supabase CLI serves it. */
export interface EdgeFunction {
  name: string;
  /** Absolute path of the entry module (`functions/<name>/index.ts`, or `[functions.<name>] entrypoint`). */
  entrypoint: string;
  /** A deno.json / deno.jsonc (`--config`) or an import map (`--import-map`), when the function has one. */
  config: { kind: 'config' | 'importMap'; path: string } | null;
  /** `[functions.<name>] verify_jwt` (default true): the gateway checks the JWT before the function runs. */
  verifyJwt: boolean;
  /** `[functions.<name>] memory_limit_mb` (embedded; default DEFAULT_MEMORY_LIMIT_MB): past it the process is stopped and the request answers 546 WORKER_LIMIT. */
  memoryLimitMb: number;
}

/** Hosted Supabase's memory limit of an edge function (the CLI's serve template passes the same memoryLimitMb). */
export const DEFAULT_MEMORY_LIMIT_MB = 256;

/** `[functions.<name>]` of config.toml, as the CLI names its keys; memory_limit_mb is the embedded backend's own. */
export interface FunctionSettings {
  enabled?: boolean;
  verify_jwt?: boolean;
  entrypoint?: string;
  import_map?: string;
  memory_limit_mb?: number;
}

/** The CLI's slug rule (utils.FuncSlugPattern). */
export const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** Pure: the `[functions.*]` tables of a parsed config.toml. */
export function functionSettingsFromToml(toml: TomlTable): Record<string, FunctionSettings> {
  const tables = toml.functions;
  if (!tables || typeof tables !== 'object' || Array.isArray(tables)) return {};
  const settings: Record<string, FunctionSettings> = {};
  for (const [name, value] of Object.entries(tables)) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) continue;
    const table = value as TomlTable;
    settings[name] = {
      ...(typeof table.enabled === 'boolean' ? { enabled: table.enabled } : {}),
      ...(typeof table.verify_jwt === 'boolean' ? { verify_jwt: table.verify_jwt } : {}),
      ...(typeof table.entrypoint === 'string' ? { entrypoint: table.entrypoint } : {}),
      ...(typeof table.import_map === 'string' ? { import_map: table.import_map } : {}),
      ...(typeof table.memory_limit_mb === 'number' && table.memory_limit_mb > 0 ? { memory_limit_mb: table.memory_limit_mb } : {}),
    };
  }
  return settings;
}

/** `[functions.*]` of `<supabaseDir>/config.toml` ({} without the file). */
export function readFunctionSettings(supabaseDir: string): Record<string, FunctionSettings> {
  const file = path.join(supabaseDir, 'config.toml');
  return existsSync(file) ? functionSettingsFromToml(parseToml(readFileSync(file, 'utf8'))) : {};
}

/**
 * The function `name` as `supabase functions serve` finds it: a folder
 * `functions/<name>/` with an `index.ts`, or a `[functions.<name>]` table
 * (its `entrypoint` and `import_map` are relative to the supabase folder);
 * null when there is none or it is disabled (`enabled = false`). The config
 * is `import_map`, else the folder's deno.json, deno.jsonc or
 * import_map.json, else `functions/import_map.json`. Paths are real paths,
 * so Deno finds the project's package.json and node_modules above them.
 */
export function findFunction(supabaseDir: string, settings: Record<string, FunctionSettings>, name: string): EdgeFunction | null {
  if (!FUNCTION_NAME.test(name)) return null;
  const own = Object.hasOwn(settings, name) ? settings[name] : undefined;
  const dir = path.join(supabaseDir, 'functions', name);
  const entrypoint = own?.entrypoint ? path.resolve(supabaseDir, own.entrypoint) : path.join(dir, 'index.ts');
  if (!own && !isFile(entrypoint)) return null;
  if (own?.enabled === false) return null;
  const importMap = own?.import_map
    ? path.resolve(supabaseDir, own.import_map)
    : [path.join(dir, 'deno.json'), path.join(dir, 'deno.jsonc'), path.join(dir, 'import_map.json'), path.join(supabaseDir, 'functions', 'import_map.json')].find(isFile);
  return {
    name,
    entrypoint: real(entrypoint),
    config: importMap ? { kind: /deno\.jsonc?$/.test(importMap) ? 'config' : 'importMap', path: real(importMap) } : null,
    verifyJwt: own?.verify_jwt ?? true,
    memoryLimitMb: own?.memory_limit_mb ?? DEFAULT_MEMORY_LIMIT_MB,
  };
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function real(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}
