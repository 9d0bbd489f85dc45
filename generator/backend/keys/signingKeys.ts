import { readFileSync } from 'node:fs';
import { BackendError } from '../BackendError.ts';

/** A private JSON Web Key as `supabase gen signing-key` writes one (EC P-256 for ES256, RSA for RS256). */
export interface PrivateJwk {
  kty: 'EC' | 'RSA';
  kid: string;
  alg: 'ES256' | 'RS256';
  key_ops?: string[];
  use?: string;
  ext?: boolean;
  d: string;
  crv?: string;
  x?: string;
  y?: string;
  n?: string;
  e?: string;
  [field: string]: unknown;
}

/** A public JWK as GoTrue publishes it at /.well-known/jwks.json: `use` sig, `key_ops` verify. */
export type PublicJwk = Record<string, unknown> & { kid: string; alg: string; kty: string };

export interface SigningKeySet {
  /** The one key whose key_ops include "sign": new access tokens are signed with it. */
  signing: PrivateJwk;
  /** Every key, the signing one first: a token signed by any of them verifies (a rotated-out key listed with key_ops ["verify"]). */
  all: PrivateJwk[];
}

const PRIVATE_FIELDS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth']);

/** Pure: the public half of a private JWK, as GoTrue's WellKnownJwks answers it. */
export function publicJwk(key: PrivateJwk): PublicJwk {
  const pub: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(key)) if (!PRIVATE_FIELDS.has(field)) pub[field] = value;
  return { ...pub, use: 'sig', key_ops: ['verify'] } as unknown as PublicJwk;
}

/**
 * `[auth] signing_keys_path`, read as the Supabase CLI reads it and checked as GoTrue checks
 * GOTRUE_JWT_KEYS: a JSON array of private JWKs (ES256 on P-256, or RS256), each with a kid, of which
 * exactly one has "sign" in its key_ops. Keys without it only verify: that is how a key is rotated out
 * (the new key signs, the previous one stays listed with key_ops ["verify"] until its tokens expire).
 */
export function readSigningKeys(file: string): SigningKeySet {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw invalid(file, `it could not be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalid(file, `it is not JSON (${(error as Error).message})`);
  }
  return signingKeySet(parsed, file);
}

/** Pure: the checks of readSigningKeys on parsed JSON; `file` names the source in errors. */
export function signingKeySet(parsed: unknown, file: string): SigningKeySet {
  if (!Array.isArray(parsed) || parsed.length === 0) throw invalid(file, 'it must be a JSON array of private JWKs');
  const keys = parsed.map((key, index) => checkKey(key, index, file));
  const signing = keys.filter((key) => key.key_ops?.includes('sign'));
  if (signing.length === 0) throw invalid(file, 'no key has "sign" in its key_ops');
  if (signing.length > 1) throw invalid(file, `${signing.length} keys have "sign" in their key_ops; only one signing key is supported`);
  return { signing: signing[0], all: [signing[0], ...keys.filter((key) => key !== signing[0])] };
}

function checkKey(key: unknown, index: number, file: string): PrivateJwk {
  const where = `key ${index + 1}`;
  if (typeof key !== 'object' || key === null || Array.isArray(key)) throw invalid(file, `${where} is not a JSON object`);
  const jwk = key as Record<string, unknown>;
  if (typeof jwk.kid !== 'string' || jwk.kid === '') throw invalid(file, `${where} has no "kid"`);
  if (typeof jwk.d !== 'string') throw invalid(file, `${where} (kid ${jwk.kid}) is not a private key (no "d")`);
  const ec = jwk.kty === 'EC' && jwk.crv === 'P-256' && typeof jwk.x === 'string' && typeof jwk.y === 'string';
  const rsa = jwk.kty === 'RSA' && typeof jwk.n === 'string' && typeof jwk.e === 'string';
  if (!(ec && (jwk.alg ?? 'ES256') === 'ES256') && !(rsa && (jwk.alg ?? 'RS256') === 'RS256')) {
    throw invalid(file, `${where} (kid ${jwk.kid}) is neither an ES256 key on P-256 nor an RS256 key`);
  }
  if (jwk.key_ops !== undefined && !(Array.isArray(jwk.key_ops) && jwk.key_ops.every((op) => typeof op === 'string'))) {
    throw invalid(file, `${where} (kid ${jwk.kid}) has "key_ops" that is not a list of strings`);
  }
  return { ...jwk, alg: ec ? 'ES256' : 'RS256' } as PrivateJwk;
}

function invalid(file: string, why: string): BackendError {
  return new BackendError(
    'BackendSigningKeysInvalid',
    `The JWT signing keys in ${file} ([auth] signing_keys_path) cannot be used: ${why}.`,
    'Make the file with `supabase gen signing-key` (a JSON array of private JWKs); to rotate, add the new key with key_ops ["sign", "verify"] and set the previous one to ["verify"].',
  );
}
