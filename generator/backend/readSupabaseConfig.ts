import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseToml, type TomlTable, type TomlValue } from './parseToml.ts';
import { BackendError } from './BackendError.ts';
import { storageConfigFromToml, type StorageConfig } from './storage/storageConfig.ts';
import { unsupportedFeatures } from './unsupportedFeatures.ts';

/** The settings of supabase/config.toml that the embedded backend honours. */
export interface SupabaseConfig {
  apiPort: number;
  maxRows: number | null;
  /** [api] schemas: the schemas the Data API exposes (and `site gen types` reads). */
  apiSchemas: string[];
  /**
   * (embedded) [api] db_aggregates_enabled, db_tx_end and db_plan_enabled: PostgREST's settings of those names,
   * which the Supabase CLI's config.toml has no key for; the authenticator role's pgrst.* settings override them.
   */
  dbAggregatesEnabled: boolean;
  dbTxEnd: string;
  dbPlanEnabled: boolean;
  /**
   * The PostgREST version `supabase link` pinned in supabase/.temp/rest-version (the linked project's, as
   * the CLI then runs it), e.g. "v13.0.4": 13 and later spread to-many relationships. null when none is:
   * then PostgREST 12.2, the version this backend matches.
   */
  postgrestVersion: string | null;
  seed: { enabled: boolean; sqlPaths: string[] };
  /** [storage]: the Storage API, its limits and the buckets of config.toml (storage/storageConfig.ts). */
  storage: StorageConfig;
  /** What config.toml turns on that the embedded backend does not have, one line each (unsupportedFeatures.ts); said at start. */
  unsupported: string[];
  /** [inbucket]: the local inbox (Mailpit's API) where the auth server's mails go. */
  inbucket: { enabled: boolean; port: number; adminEmail: string; senderName: string };
  auth: {
    siteUrl: string;
    additionalRedirectUrls: string[];
    jwtExpiry: number;
    enableRefreshTokenRotation: boolean;
    /** Seconds a rotated refresh token may still be used (concurrent refreshes, lost responses). */
    refreshTokenReuseInterval: number;
    enableSignup: boolean;
    /** enable_anonymous_sign_ins: POST /signup without email or password signs in an anonymous user. */
    enableAnonymousSignIns: boolean;
    /** enable_manual_linking: linkIdentity / unlinkIdentity (the embedded server has only the email identity either way). */
    enableManualLinking: boolean;
    /** [auth.oauth_server] enabled: the OAuth 2.1 server, of which the admin client registry (/admin/oauth/clients) is served. */
    oauthServer: { enabled: boolean };
    minimumPasswordLength: number;
    /** [auth] signing_keys_path as written (keys/projectKeys.ts resolves it against the supabase folder, as the CLI does); '' = the data dir's own ES256 key. */
    signingKeysPath: string;
    /** [auth] publishable_key and secret_key: API keys of the config's choosing; '' = the data dir's (keys.json). */
    publishableKey: string;
    secretKey: string;
    /** [auth.passkey] enabled: passkey sign-in (/passkeys). */
    passkey: { enabled: boolean };
    /** [auth.webauthn]: the relying party passkeys and WebAuthn MFA are checked against; rp_id and rp_origins default to site_url's host and origin. */
    webauthn: { rpDisplayName: string; rpId: string; rpOrigins: string[] };
    /** [auth.mfa.web_authn] enroll_enabled, verify_enabled: WebAuthn as a second factor. */
    mfaWebAuthn: { enrollEnabled: boolean; verifyEnabled: boolean };
    /** [auth.email]; maxFrequency in seconds between confirmation mails to one address. */
    email: {
      enableSignup: boolean;
      enableConfirmations: boolean;
      maxFrequency: number;
      /** double_confirm_changes: an email change needs the link sent to the current address too. */
      doubleConfirmChanges: boolean;
      /** secure_password_change: a password change needs a sign-in within 24 hours or a reauthentication nonce. */
      securePasswordChange: boolean;
      /** [auth.email.smtp] enabled: mails go out through SMTP, and only then does [auth.rate_limit] email_sent count them (as the Supabase CLI says of that key). */
      smtpEnabled: boolean;
      /** otp_length digits; otp_expiry seconds a mailed code or link stays valid. */
      otpLength: number;
      otpExpiry: number;
      /** [auth.email.template.<kind>] subject and content_path (resolved against the project folder, as the CLI does). */
      templates: Partial<Record<MailTemplateKind, { subject?: string; contentPath?: string }>>;
    };
    rateLimit: RateLimitConfig;
  };
}

/** The mails GoTrue sends, named as the [auth.email.template.<kind>] tables of config.toml. */
export const MAIL_TEMPLATE_KINDS = ['invite', 'confirmation', 'recovery', 'magic_link', 'email_change', 'reauthentication'] as const;
export type MailTemplateKind = (typeof MAIL_TEMPLATE_KINDS)[number];

/** [auth.rate_limit], named as the Supabase CLI names its keys. Requests per 5 minutes per IP (MFA: per minute), mails per hour. */
export interface RateLimitConfig {
  /**
   * per_ip (embedded, no Supabase CLI key): whether the per-IP request limits apply. true by default, as
   * on hosted Supabase, so a password or a second factor cannot be guessed at speed; false gives what the
   * Supabase CLI runs (it starts GoTrue without GOTRUE_RATE_LIMIT_HEADER, and GoTrue then skips every
   * per-IP limit), for test suites that sign up many users from one address. The mail limits hold either way.
   */
  perIp: boolean;
  /** email_sent: confirmation mails per hour, all addresses together. */
  emailSent: number;
  /** sms_sent, web3: read for completeness; the embedded backend has no such sign-ins. */
  smsSent: number;
  /** anonymous_users: anonymous sign-ins per hour per IP (also the burst, as GoTrue). */
  anonymousUsers: number;
  web3: number;
  /** token_refresh: POST /token (password sign-ins and refreshes) per 5 minutes per IP. */
  tokenRefresh: number;
  /** sign_in_sign_ups: POST /signup, and PUT /user separately, per 5 minutes per IP. */
  signInSignUps: number;
  /** token_verifications: /verify per 5 minutes per IP. */
  tokenVerifications: number;
  /**
   * MFA challenges, and verifications separately, per minute per IP (GoTrue's
   * GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY). The Supabase CLI has no
   * config.toml key for it, so it is always GoTrue's default; startBackend's
   * `rateLimit` option can set it.
   */
  mfaChallengeAndVerify: number;
}

/** The Supabase CLI's defaults (its config.toml template). */
export const DEFAULT_RATE_LIMIT: RateLimitConfig = {
  perIp: true,
  emailSent: 2,
  smsSent: 30,
  anonymousUsers: 30,
  web3: 30,
  tokenRefresh: 150,
  signInSignUps: 30,
  tokenVerifications: 30,
  mfaChallengeAndVerify: 15,
};

/** Reads `<supabaseDir>/config.toml` (defaults of the Supabase CLI where absent). */
export function readSupabaseConfig(supabaseDir: string, env: NodeJS.ProcessEnv = process.env): SupabaseConfig {
  const file = path.join(supabaseDir, 'config.toml');
  const pinned = restVersion(supabaseDir);
  if (!existsSync(file)) return { ...supabaseConfigFromText('', env, path.dirname(path.resolve(supabaseDir))), postgrestVersion: pinned };
  try {
    return { ...supabaseConfigFromText(readFileSync(file, 'utf8'), env, path.dirname(path.resolve(supabaseDir))), postgrestVersion: pinned };
  } catch (error) {
    throw new BackendError(
      'BackendConfigInvalid',
      `${file} could not be read: ${(error as Error).message}.`,
      'Fix the line named above; the file follows the Supabase CLI format.',
    );
  }
}

/**
 * Pure: config.toml text -> settings. `env(NAME)` values are read from env,
 * as the CLI does; template content_paths are resolved against `projectDir`
 * (the folder holding supabase/, as the CLI resolves them).
 */
export function supabaseConfigFromText(text: string, env: Record<string, string | undefined> = {}, projectDir = '.'): SupabaseConfig {
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
  const siteUrl = str(get('auth', 'site_url'), 'http://127.0.0.1:3000');
  return {
    apiPort: num(get('api', 'port'), 54321),
    maxRows: maxRows > 0 ? maxRows : null,
    apiSchemas: list(get('api', 'schemas'), ['public', 'graphql_public']),
    dbAggregatesEnabled: bool(get('api', 'db_aggregates_enabled'), false),
    dbTxEnd: str(get('api', 'db_tx_end'), 'commit'),
    dbPlanEnabled: bool(get('api', 'db_plan_enabled'), false),
    postgrestVersion: null,
    seed: {
      enabled: bool(get('db.seed', 'enabled'), true),
      sqlPaths: list(get('db.seed', 'sql_paths'), ['./seed.sql']),
    },
    storage: storageConfigFromToml(toml, (v) => (typeof v === 'string' ? substituteEnv(v, env) : v)),
    unsupported: unsupportedFeatures(toml),
    inbucket: {
      enabled: bool(get('inbucket', 'enabled'), true),
      port: num(get('inbucket', 'port'), 54324),
      adminEmail: str(get('inbucket', 'admin_email'), 'admin@email.com'),
      senderName: str(get('inbucket', 'sender_name'), 'Admin'),
    },
    auth: {
      siteUrl,
      additionalRedirectUrls: list(get('auth', 'additional_redirect_urls'), []),
      jwtExpiry: num(get('auth', 'jwt_expiry'), 3600),
      enableRefreshTokenRotation: bool(get('auth', 'enable_refresh_token_rotation'), true),
      refreshTokenReuseInterval: Math.max(0, num(get('auth', 'refresh_token_reuse_interval'), 10)),
      enableSignup: bool(get('auth', 'enable_signup'), true),
      enableAnonymousSignIns: bool(get('auth', 'enable_anonymous_sign_ins'), false),
      enableManualLinking: bool(get('auth', 'enable_manual_linking'), false),
      oauthServer: { enabled: bool(get('auth.oauth_server', 'enabled'), false) },
      minimumPasswordLength: Math.max(6, num(get('auth', 'minimum_password_length'), 6)),
      signingKeysPath: str(get('auth', 'signing_keys_path'), ''),
      publishableKey: str(get('auth', 'publishable_key'), ''),
      secretKey: str(get('auth', 'secret_key'), ''),
      passkey: { enabled: bool(get('auth.passkey', 'enabled'), false) },
      webauthn: {
        rpDisplayName: str(get('auth.webauthn', 'rp_display_name'), ''),
        rpId: str(get('auth.webauthn', 'rp_id'), '') || hostOf(siteUrl),
        rpOrigins: list(get('auth.webauthn', 'rp_origins'), []).length ? list(get('auth.webauthn', 'rp_origins'), []) : [originOf(siteUrl)],
      },
      mfaWebAuthn: { enrollEnabled: bool(get('auth.mfa.web_authn', 'enroll_enabled'), false), verifyEnabled: bool(get('auth.mfa.web_authn', 'verify_enabled'), false) },
      email: {
        enableSignup: bool(get('auth.email', 'enable_signup'), true),
        enableConfirmations: bool(get('auth.email', 'enable_confirmations'), false),
        maxFrequency: durationSeconds(get('auth.email', 'max_frequency'), 1),
        doubleConfirmChanges: bool(get('auth.email', 'double_confirm_changes'), true),
        securePasswordChange: bool(get('auth.email', 'secure_password_change'), false),
        smtpEnabled: bool(get('auth.email.smtp', 'enabled'), false),
        otpLength: Math.min(10, Math.max(6, num(get('auth.email', 'otp_length'), 6))),
        otpExpiry: Math.max(1, num(get('auth.email', 'otp_expiry'), 3600)),
        templates: Object.fromEntries(
          MAIL_TEMPLATE_KINDS.map((kind) => {
            const subject = get(`auth.email.template.${kind}`, 'subject');
            const contentPath = get(`auth.email.template.${kind}`, 'content_path');
            return [
              kind,
              {
                ...(typeof subject === 'string' && subject !== '' ? { subject } : {}),
                ...(typeof contentPath === 'string' && contentPath !== '' ? { contentPath: path.resolve(projectDir, contentPath) } : {}),
              },
            ];
          }),
        ),
      },
      rateLimit: {
        perIp: bool(get('auth.rate_limit', 'per_ip'), DEFAULT_RATE_LIMIT.perIp),
        emailSent: num(get('auth.rate_limit', 'email_sent'), DEFAULT_RATE_LIMIT.emailSent),
        smsSent: num(get('auth.rate_limit', 'sms_sent'), DEFAULT_RATE_LIMIT.smsSent),
        anonymousUsers: num(get('auth.rate_limit', 'anonymous_users'), DEFAULT_RATE_LIMIT.anonymousUsers),
        web3: num(get('auth.rate_limit', 'web3'), DEFAULT_RATE_LIMIT.web3),
        tokenRefresh: num(get('auth.rate_limit', 'token_refresh'), DEFAULT_RATE_LIMIT.tokenRefresh),
        signInSignUps: num(get('auth.rate_limit', 'sign_in_sign_ups'), DEFAULT_RATE_LIMIT.signInSignUps),
        tokenVerifications: num(get('auth.rate_limit', 'token_verifications'), DEFAULT_RATE_LIMIT.tokenVerifications),
        mfaChallengeAndVerify: DEFAULT_RATE_LIMIT.mfaChallengeAndVerify,
      },
    },
  };
}

/** Pure: a Go duration as the CLI writes it ("1s", "1m0s", "1h30m", "500ms") or a number of seconds -> seconds. */
export function durationSeconds(value: TomlValue | undefined, fallback: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return fallback;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  const unit: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };
  let total = 0;
  let rest = text;
  while (rest !== '') {
    const part = /^(\d+(?:\.\d+)?)(ms|h|m|s)/.exec(rest);
    if (!part) throw new Error(`max_frequency "${value}" is not a duration such as "1s" or "1m0s"`);
    total += Number(part[1]) * unit[part[2]];
    rest = rest.slice(part[0].length);
  }
  return total;
}

/** supabase/.temp/rest-version, which `supabase link` writes; null without one. */
function restVersion(supabaseDir: string): string | null {
  const file = path.join(supabaseDir, '.temp', 'rest-version');
  const text = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  return text === '' ? null : text;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return 'localhost';
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'http://localhost';
  }
}

function substituteEnv(value: string, env: Record<string, string | undefined>): string {
  const match = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(value.trim());
  return match ? (env[match[1]] ?? '') : value;
}
