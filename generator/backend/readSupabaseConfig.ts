import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseToml, type TomlTable, type TomlValue } from './parseToml.ts';
import { BackendError } from './BackendError.ts';

/** The settings of supabase/config.toml that the embedded backend honours. */
export interface SupabaseConfig {
  apiPort: number;
  maxRows: number | null;
  seed: { enabled: boolean; sqlPaths: string[] };
  auth: {
    siteUrl: string;
    additionalRedirectUrls: string[];
    jwtExpiry: number;
    enableRefreshTokenRotation: boolean;
    enableSignup: boolean;
    minimumPasswordLength: number;
    email: { enableSignup: boolean; enableConfirmations: boolean };
  };
}

/** Reads `<supabaseDir>/config.toml` (defaults of the Supabase CLI where absent). */
export function readSupabaseConfig(supabaseDir: string, env: NodeJS.ProcessEnv = process.env): SupabaseConfig {
  const file = path.join(supabaseDir, 'config.toml');
  if (!existsSync(file)) return supabaseConfigFromText('', env);
  try {
    return supabaseConfigFromText(readFileSync(file, 'utf8'), env);
  } catch (error) {
    throw new BackendError(
      'BackendConfigInvalid',
      `${file} could not be read: ${(error as Error).message}.`,
      'Fix the line named above; the file follows the Supabase CLI format.',
    );
  }
}

/** Pure: config.toml text -> settings. `env(NAME)` values are read from env, as the CLI does. */
export function supabaseConfigFromText(text: string, env: Record<string, string | undefined> = {}): SupabaseConfig {
  const toml = parseToml(text);
  const get = (table: string, key: string): TomlValue | undefined => {
    let node: TomlValue | undefined = toml;
    for (const part of table.split('.')) node = node && typeof node === 'object' && !Array.isArray(node) ? (node as TomlTable)[part] : undefined;
    const value = node && typeof node === 'object' && !Array.isArray(node) ? (node as TomlTable)[key] : undefined;
    return typeof value === 'string' ? substituteEnv(value, env) : value;
  };
  const num = (v: TomlValue | undefined, d: number) => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' && !Number.isNaN(Number(v)) ? Number(v) : d);
  const bool = (v: TomlValue | undefined, d: boolean) => (typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : d);
  const str = (v: TomlValue | undefined, d: string) => (typeof v === 'string' ? v : d);
  const list = (v: TomlValue | undefined, d: string[]) =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').map((x) => substituteEnv(x, env)) : d;
  const maxRows = num(get('api', 'max_rows'), 1000);
  return {
    apiPort: num(get('api', 'port'), 54321),
    maxRows: maxRows > 0 ? maxRows : null,
    seed: {
      enabled: bool(get('db.seed', 'enabled'), true),
      sqlPaths: list(get('db.seed', 'sql_paths'), ['./seed.sql']),
    },
    auth: {
      siteUrl: str(get('auth', 'site_url'), 'http://127.0.0.1:3000'),
      additionalRedirectUrls: list(get('auth', 'additional_redirect_urls'), []),
      jwtExpiry: num(get('auth', 'jwt_expiry'), 3600),
      enableRefreshTokenRotation: bool(get('auth', 'enable_refresh_token_rotation'), true),
      enableSignup: bool(get('auth', 'enable_signup'), true),
      minimumPasswordLength: Math.max(6, num(get('auth', 'minimum_password_length'), 6)),
      email: {
        enableSignup: bool(get('auth.email', 'enable_signup'), true),
        enableConfirmations: bool(get('auth.email', 'enable_confirmations'), false),
      },
    },
  };
}

function substituteEnv(value: string, env: Record<string, string | undefined>): string {
  const match = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value.trim());
  return match ? (env[match[1]] ?? '') : value;
}
