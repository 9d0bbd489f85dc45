import { createHash, timingSafeEqual } from 'node:crypto';
import { checkClientData, fromBase64Url, parseAuthenticatorData, rpIdHash } from './authenticatorData.ts';
import { coseKey } from './coseKey.ts';

export interface AssertionExpectation {
  challenge: string;
  rpId: string;
  origins: string[];
  requireUserVerification: boolean;
}

/** What an assertion says once its signature checked out. */
export interface VerifiedAssertion {
  signCount: number;
  backedUp: boolean;
}

/** Pure: the credential id and user handle an assertion (AuthenticationResponseJSON) names, before anything is checked. */
export function assertionIds(response: unknown): { credentialId: Buffer; userHandle: Buffer | null } {
  const credential = response as { id?: unknown; rawId?: unknown; type?: unknown; response?: Record<string, unknown> };
  if (typeof credential !== 'object' || credential === null || !credential.response) throw new Error('the credential has no response');
  if (credential.type !== 'public-key') throw new Error('the credential type is not public-key');
  const credentialId = fromBase64Url(credential.id, 'id');
  if (credential.rawId !== undefined && !fromBase64Url(credential.rawId, 'rawId').equals(credentialId)) throw new Error('id and rawId differ');
  const handle = credential.response.userHandle;
  return { credentialId, userHandle: handle === undefined || handle === null || handle === '' ? null : fromBase64Url(handle, 'userHandle') };
}

/**
 * Pure: checks `navigator.credentials.get()`'s answer against the stored credential (its COSE_Key bytes),
 * as go-webauthn's ValidateLogin does: the client data, the rp id hash, user presence (and verification
 * when required), and the signature over authenticatorData || SHA-256(clientDataJSON). Throws the reason.
 */
export function verifyAssertion(response: unknown, expected: AssertionExpectation, storedKey: Uint8Array): VerifiedAssertion {
  const credential = response as { response: Record<string, unknown> };
  assertionIds(response);
  const clientDataJSON = fromBase64Url(credential.response.clientDataJSON, 'clientDataJSON');
  checkClientData(clientDataJSON, { type: 'webauthn.get', challenge: expected.challenge, origins: expected.origins });
  const authData = fromBase64Url(credential.response.authenticatorData, 'authenticatorData');
  const data = parseAuthenticatorData(authData);
  if (!timingSafeEqual(data.rpIdHash, rpIdHash(expected.rpId))) throw new Error("the rp id hash is not the relying party's");
  if (!data.flags.up) throw new Error('the user was not present');
  if (expected.requireUserVerification && !data.flags.uv) throw new Error('the user was not verified');
  const signature = fromBase64Url(credential.response.signature, 'signature');
  const signed = Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]);
  if (!coseKey(storedKey).verify(signed, signature)) throw new Error('the signature does not verify');
  return { signCount: data.signCount, backedUp: data.flags.bs };
}
