import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseToml } from '../../../generator/backend/parseToml.ts';
import { DEFAULT_RATE_LIMIT, durationSeconds, supabaseConfigFromText } from '../../../generator/backend/readSupabaseConfig.ts';
import { spreadsToMany } from '../../../generator/backend/rest/loadCatalog.ts';

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
    expect(config.auth.email.enableConfirmations).toBe(true);
    expect(config.auth.jwtExpiry).toBe(3600);
    expect(config.auth.minimumPasswordLength).toBe(6);
    expect(config.seed).toEqual({ enabled: true, sqlPaths: ['./seed.sql'] });
    expect(config.auth.refreshTokenReuseInterval).toBe(10);
    expect(config.auth.email.maxFrequency).toBe(1);
    expect(config.auth.rateLimit).toEqual({ perIp: true, emailSent: 2, smsSent: 30, anonymousUsers: 30, web3: 30, tokenRefresh: 150, signInSignUps: 30, tokenVerifications: 30, mfaChallengeAndVerify: 15 });
    expect([config.auth.enableAnonymousSignIns, config.auth.enableManualLinking]).toEqual([false, false]);
  });

  it('reads [auth.rate_limit] keys as the CLI names them, its template values where absent', () => {
    const config = supabaseConfigFromText('[auth.rate_limit]\nsign_in_sign_ups = 5\ntoken_refresh = "env(REFRESHES)"\n[auth.email]\nmax_frequency = "1m30s"', { REFRESHES: '60' });
    expect(config.auth.rateLimit).toEqual({ ...DEFAULT_RATE_LIMIT, signInSignUps: 5, tokenRefresh: 60 });
    expect(config.auth.email.maxFrequency).toBe(90);
    expect(supabaseConfigFromText('').auth.rateLimit).toEqual(DEFAULT_RATE_LIMIT);
  });

  it('reads [auth.oauth_server] enabled, off by default as in the CLI template', () => {
    expect(supabaseConfigFromText('').auth.oauthServer).toEqual({ enabled: false });
    expect(supabaseConfigFromText('[auth.oauth_server]\nenabled = true').auth.oauthServer).toEqual({ enabled: true });
  });

  it('reads the keys, passkeys and WebAuthn settings, the relying party defaulting to site_url', () => {
    const off = supabaseConfigFromText('[auth]\nsite_url = "https://decksmith.example/app"');
    expect(off.auth).toMatchObject({
      signingKeysPath: '',
      publishableKey: '',
      secretKey: '',
      passkey: { enabled: false },
      webauthn: { rpDisplayName: '', rpId: 'decksmith.example', rpOrigins: ['https://decksmith.example'] },
      mfaWebAuthn: { enrollEnabled: false, verifyEnabled: false },
    });
    const on = supabaseConfigFromText(
      '[auth]\nsigning_keys_path = "./signing_keys.json"\npublishable_key = "env(PK)"\nsecret_key = "sb_secret_x"\n' +
        '[auth.passkey]\nenabled = true\n[auth.webauthn]\nrp_display_name = "Decksmith"\nrp_id = "localhost"\nrp_origins = ["http://localhost:5173"]\n' +
        '[auth.mfa.web_authn]\nenroll_enabled = true\nverify_enabled = true',
      { PK: 'sb_publishable_x' },
    );
    expect(on.auth).toMatchObject({
      signingKeysPath: './signing_keys.json',
      publishableKey: 'sb_publishable_x',
      secretKey: 'sb_secret_x',
      passkey: { enabled: true },
      webauthn: { rpDisplayName: 'Decksmith', rpId: 'localhost', rpOrigins: ['http://localhost:5173'] },
      mfaWebAuthn: { enrollEnabled: true, verifyEnabled: true },
    });
  });

  it('reads Go durations', () => {
    expect(durationSeconds('1s', 0)).toBe(1);
    expect(durationSeconds('1m0s', 0)).toBe(60);
    expect(durationSeconds('1h30m', 0)).toBe(5400);
    expect(durationSeconds('500ms', 0)).toBe(0.5);
    expect(durationSeconds(undefined, 7)).toBe(7);
    expect(() => durationSeconds('soon', 0)).toThrow(/not a duration/);
  });

  it('uses the CLI defaults for missing keys and env() for values', () => {
    const config = supabaseConfigFromText('[auth]\nsite_url = "env(SITE_URL)"\n[auth.email]\nenable_confirmations = true', { SITE_URL: 'https://x.example' });
    expect(config.auth.siteUrl).toBe('https://x.example');
    expect(config.auth.email.enableConfirmations).toBe(true);
    expect(config.auth.enableRefreshTokenRotation).toBe(true);
    expect(config.apiPort).toBe(54321);
  });
});

describe('spreadsToMany', () => {
  it('spreads to-many relationships from PostgREST 13 on, and not when no version is pinned', () => {
    for (const version of ['v13.0.0', '13.0.4', 'v14.12', ' v15 ']) expect(spreadsToMany(version)).toBe(true);
    for (const version of ['v12.2.3', '12.2.0', 'v11', 'latest', '', null, undefined]) expect(spreadsToMany(version)).toBe(false);
  });
});
