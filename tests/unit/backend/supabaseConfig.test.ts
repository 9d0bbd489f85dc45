import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseToml } from '../../../generator/backend/parseToml.ts';
import { supabaseConfigFromText } from '../../../generator/backend/readSupabaseConfig.ts';

describe('parseToml', () => {
  it('reads tables, dotted and quoted keys, strings, numbers, booleans, arrays and comments', () => {
    const toml = parseToml(`
# comment
project_id = "site" # trailing
[api]
port = 54_321
schemas = ["public", 'graphql_public']
[auth.email]
enable_confirmations = true
[functions.log-admin-action]
verify_jwt = false
[db.seed]
sql_paths = [
  "./seed.sql", # first
  "./more.sql",
]
note = "a # in a string \\"quoted\\""
`);
    expect(toml).toEqual({
      project_id: 'site',
      api: { port: 54321, schemas: ['public', 'graphql_public'] },
      auth: { email: { enable_confirmations: true } },
      functions: { 'log-admin-action': { verify_jwt: false } },
      db: { seed: { sql_paths: ['./seed.sql', './more.sql'], note: 'a # in a string "quoted"' } },
    });
  });

  it('names the line of what it cannot read', () => {
    expect(() => parseToml('a = 1\nb = [1, 2')).toThrow(/line 2/);
    expect(() => parseToml('just words')).toThrow(/line 1: expected key = value/);
    expect(() => parseToml('a = 2024-01-01T00:00:00Z')).toThrow(/unsupported value/);
  });
});

describe('supabaseConfigFromText', () => {
  it('reads the repo config.toml as the Supabase CLI does', () => {
    const config = supabaseConfigFromText(readFileSync('supabase/config.toml', 'utf8'));
    expect(config.apiPort).toBe(54321);
    expect(config.auth.email.enableConfirmations).toBe(false);
    expect(config.auth.jwtExpiry).toBe(3600);
    expect(config.auth.minimumPasswordLength).toBe(6);
    expect(config.seed).toEqual({ enabled: true, sqlPaths: ['./seed.sql'] });
  });

  it('uses the CLI defaults for missing keys and env() for values', () => {
    const config = supabaseConfigFromText('[auth]\nsite_url = "env(SITE_URL)"\n[auth.email]\nenable_confirmations = true', { SITE_URL: 'https://x.example' });
    expect(config.auth.siteUrl).toBe('https://x.example');
    expect(config.auth.email.enableConfirmations).toBe(true);
    expect(config.auth.enableRefreshTokenRotation).toBe(true);
    expect(config.apiPort).toBe(54321);
  });
});
