import { randomBytes } from 'node:crypto';
import { COSE_ALGORITHMS } from './coseKey.ts';

/** The relying party of [auth.webauthn]. */
export interface RelyingParty {
  rpDisplayName: string;
  rpId: string;
  rpOrigins: string[];
}

/** What a challenge row keeps between options and verify (go-webauthn's SessionData, the parts used here). */
export interface WebAuthnSession {
  challenge: string;
  /** The user the ceremony is for (WebAuthnID: the user id's text), absent in a discoverable sign-in. */
  user_id?: string;
  /** For a sign-in with a second factor: the credential ids (base64url) allowed. */
  allowed_credentials?: string[];
  user_verification: 'required' | 'preferred' | 'discouraged';
}

/** go-webauthn's registration and login timeout (ms). */
const TIMEOUT = 300_000;

/** A new challenge: 32 random bytes, base64url, as go-webauthn makes them. */
export function newChallenge(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Pure: PublicKeyCredentialCreationOptions (JSON) as go-webauthn's BeginRegistration writes them.
 * A passkey is a discoverable credential (residentKey required) without attestation; a WebAuthn
 * second factor takes go-webauthn's defaults.
 */
export function creationOptions(
  rp: RelyingParty,
  user: { id: string; name: string },
  challenge: string,
  exclude: Buffer[],
  kind: 'passkey' | 'factor',
): Record<string, unknown> {
  return {
    rp: { name: rp.rpDisplayName, id: rp.rpId },
    user: { name: user.name, displayName: user.name, id: Buffer.from(user.id).toString('base64url') },
    challenge,
    pubKeyCredParams: COSE_ALGORITHMS.map((alg) => ({ type: 'public-key', alg })),
    timeout: TIMEOUT,
    ...(exclude.length
      ? { excludeCredentials: exclude.map((id) => ({ type: 'public-key', id: id.toString('base64url'), ...(kind === 'factor' ? { transports: ['usb', 'nfc'] } : {}) })) }
      : {}),
    authenticatorSelection:
      kind === 'passkey' ? { requireResidentKey: true, residentKey: 'required', userVerification: 'preferred' } : { requireResidentKey: false, userVerification: 'preferred' },
    attestation: 'none',
  };
}

/** Pure: PublicKeyCredentialRequestOptions (JSON) as go-webauthn's BeginDiscoverableLogin (no credentials named) or BeginLogin writes them. */
export function requestOptions(rp: RelyingParty, challenge: string, allow: Buffer[]): Record<string, unknown> {
  return {
    challenge,
    timeout: TIMEOUT,
    rpId: rp.rpId,
    ...(allow.length ? { allowCredentials: allow.map((id) => ({ type: 'public-key', id: id.toString('base64url') })) } : {}),
    userVerification: 'preferred',
  };
}
