import { createHash, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { dataDirRecord } from '../dataDirRecord.ts';
import type { PrivateJwk } from './signingKeys.ts';

/** The keys a data dir keeps besides the legacy JWT secret (secret.json): <dataDir>/keys.json, mode 600. */
export interface DataDirKeys {
  /** sb_publishable_…: acts as the anon role; safe in a browser. */
  publishableKey: string;
  /** sb_secret_…: acts as the service_role; refused when sent from a browser. */
  secretKey: string;
  /** The data dir's own asymmetric signing key (ES256, key_ops sign and verify), as `supabase gen signing-key` writes one. */
  signingKey: PrivateJwk;
}

/**
 * The publishable and secret API keys and the ES256 signing key of a data dir: made on first use and kept
 * in <dataDir>/keys.json (a data dir made before these keys existed gets the file on its next start), so
 * they stay the same across restarts. null data dir = new keys for this process only.
 */
export function dataDirKeys(dataDir: string | null): DataDirKeys {
  return dataDirRecord(dataDir, 'keys.json', freshKeys);
}

function freshKeys(): DataDirKeys {
  return { publishableKey: newApiKey('publishable'), secretKey: newApiKey('secret'), signingKey: newSigningKey('ES256') };
}

/**
 * Pure but for the randomness: an API key in the hosted shape, `sb_<kind>_` + 22 random base64url
 * characters + `_` + 8 characters of a SHA-256 checksum of what precedes them.
 */
export function newApiKey(kind: 'publishable' | 'secret'): string {
  const body = `sb_${kind}_${randomBytes(16).toString('base64url').slice(0, 22)}`;
  return `${body}_${createHash('sha256').update(body).digest('base64url').slice(0, 8)}`;
}

/** A new private signing key as a JWK with a random kid, as `supabase gen signing-key [--algorithm RS256]` makes one. */
export function newSigningKey(alg: 'ES256' | 'RS256'): PrivateJwk {
  const { privateKey } =
    alg === 'ES256' ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, string>;
  return { ...jwk, kid: randomUUID(), use: 'sig', key_ops: ['sign', 'verify'], alg, ext: true } as PrivateJwk;
}
