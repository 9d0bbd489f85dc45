import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeCbor } from './decodeCbor.ts';
import { checkClientData, fromBase64Url, parseAuthenticatorData, rpIdHash } from './authenticatorData.ts';
import { COSE_ALGORITHMS, coseKey } from './coseKey.ts';

/** What the relying party expects of a registration: the challenge it handed out, and itself. */
export interface RegistrationExpectation {
  challenge: string;
  rpId: string;
  origins: string[];
  requireUserVerification: boolean;
}

/** A verified new credential, as GoTrue keeps it. */
export interface NewCredential {
  credentialId: Buffer;
  /** The COSE_Key bytes. */
  publicKey: Buffer;
  alg: number;
  aaguid: Buffer;
  signCount: number;
  transports: string[];
  backupEligible: boolean;
  backedUp: boolean;
  attestationType: 'none' | 'self';
}

/**
 * Pure: checks `navigator.credentials.create()`'s answer, serialized as JSON (RegistrationResponseJSON),
 * as go-webauthn's CreateCredential does for what it takes: the client data, the attestation object
 * with attestation "none" or packed self-attestation (attestation certificates are refused), the rp
 * id hash, user presence (and verification when required), an offered algorithm. Throws the reason.
 */
export function verifyRegistration(response: unknown, expected: RegistrationExpectation): NewCredential {
  const credential = response as { id?: unknown; rawId?: unknown; type?: unknown; response?: Record<string, unknown> };
  if (typeof credential !== 'object' || credential === null || !credential.response) throw new Error('the credential has no response');
  if (credential.type !== 'public-key') throw new Error('the credential type is not public-key');
  const id = fromBase64Url(credential.id, 'id');
  if (credential.rawId !== undefined && !fromBase64Url(credential.rawId, 'rawId').equals(id)) throw new Error('id and rawId differ');
  const clientDataJSON = fromBase64Url(credential.response.clientDataJSON, 'clientDataJSON');
  checkClientData(clientDataJSON, { type: 'webauthn.create', challenge: expected.challenge, origins: expected.origins });

  const { value } = decodeCbor(fromBase64Url(credential.response.attestationObject, 'attestationObject'));
  if (!(value instanceof Map)) throw new Error('the attestation object is not a CBOR map');
  const fmt = value.get('fmt');
  const attStmt = value.get('attStmt');
  const authData = value.get('authData');
  if (!(authData instanceof Uint8Array)) throw new Error('the attestation object has no authData');
  const data = parseAuthenticatorData(authData);
  if (!timingSafeEqual(data.rpIdHash, rpIdHash(expected.rpId))) throw new Error('the rp id hash is not the relying party\'s');
  if (!data.flags.up) throw new Error('the user was not present');
  if (expected.requireUserVerification && !data.flags.uv) throw new Error('the user was not verified');
  if (!data.attested) throw new Error('the authenticator data holds no credential');
  if (!Buffer.from(data.attested.credentialId).equals(id)) throw new Error('the credential id differs from the attested one');
  const key = coseKey(data.attested.publicKey);
  if (!(COSE_ALGORITHMS as readonly number[]).includes(key.alg)) throw new Error(`algorithm ${key.alg} was not offered`);

  let attestationType: NewCredential['attestationType'] = 'none';
  if (fmt === 'packed') {
    if (!(attStmt instanceof Map) || attStmt.has('x5c')) throw new Error('packed attestation with a certificate is not supported');
    const signature = attStmt.get('sig');
    if (Number(attStmt.get('alg')) !== key.alg || !(signature instanceof Uint8Array)) throw new Error('packed self-attestation names another algorithm');
    const signed = Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]);
    if (!key.verify(signed, signature)) throw new Error('the self-attestation signature does not verify');
    attestationType = 'self';
  } else if (fmt !== 'none' || !(attStmt instanceof Map) || attStmt.size !== 0) {
    throw new Error(`attestation format ${String(fmt)} is not supported`);
  }
  const transports = Array.isArray(credential.response.transports) ? credential.response.transports.filter((t): t is string => typeof t === 'string') : [];
  return {
    credentialId: Buffer.from(data.attested.credentialId),
    publicKey: Buffer.from(data.attested.publicKey),
    alg: key.alg,
    aaguid: Buffer.from(data.attested.aaguid),
    signCount: data.signCount,
    transports,
    backupEligible: data.flags.be,
    backedUp: data.flags.bs,
    attestationType,
  };
}
