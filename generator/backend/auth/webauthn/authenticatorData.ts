import { createHash } from 'node:crypto';
import { decodeCbor } from './decodeCbor.ts';

/** What a registration or an assertion carries in its authenticator data (WebAuthn §6.1). */
export interface AuthenticatorData {
  rpIdHash: Uint8Array;
  /** User present, user verified, backup eligible, backed up. */
  flags: { up: boolean; uv: boolean; be: boolean; bs: boolean };
  signCount: number;
  /** Present on a registration (flag AT): the new credential. */
  attested?: { aaguid: Uint8Array; credentialId: Uint8Array; publicKey: Uint8Array };
}

/** Pure: the bytes of authenticator data, parsed; throws when they are shorter than they say. */
export function parseAuthenticatorData(bytes: Uint8Array): AuthenticatorData {
  if (bytes.length < 37) throw new Error('authenticator data is shorter than 37 bytes');
  const flagByte = bytes[32];
  const data: AuthenticatorData = {
    rpIdHash: bytes.slice(0, 32),
    flags: { up: (flagByte & 0x01) !== 0, uv: (flagByte & 0x04) !== 0, be: (flagByte & 0x08) !== 0, bs: (flagByte & 0x10) !== 0 },
    signCount: new DataView(bytes.buffer, bytes.byteOffset + 33, 4).getUint32(0),
  };
  if (flagByte & 0x40) {
    if (bytes.length < 55) throw new Error('attested credential data is truncated');
    const idLength = (bytes[53] << 8) | bytes[54];
    const idEnd = 55 + idLength;
    if (bytes.length < idEnd) throw new Error('the credential id is truncated');
    const { end } = decodeCbor(bytes, idEnd);
    data.attested = { aaguid: bytes.slice(37, 53), credentialId: bytes.slice(55, idEnd), publicKey: bytes.slice(idEnd, end) };
  }
  return data;
}

/** Pure: SHA-256 of a relying party id, as authenticator data carries it. */
export function rpIdHash(rpId: string): Buffer {
  return createHash('sha256').update(rpId, 'utf8').digest();
}

/**
 * Pure: the checks of clientDataJSON every ceremony makes (WebAuthn §7.1 steps 7-9, §7.2 steps 11-13):
 * its type, the challenge the server handed out (base64url, compared as sent), and an origin of the
 * relying party. Throws the first mismatch.
 */
export function checkClientData(clientDataJSON: Uint8Array, expected: { type: 'webauthn.create' | 'webauthn.get'; challenge: string; origins: string[] }): void {
  let client: { type?: unknown; challenge?: unknown; origin?: unknown };
  try {
    client = JSON.parse(new TextDecoder().decode(clientDataJSON)) as typeof client;
  } catch {
    throw new Error('clientDataJSON is not JSON');
  }
  if (client.type !== expected.type) throw new Error(`clientDataJSON type is ${String(client.type)}, not ${expected.type}`);
  const sent = typeof client.challenge === 'string' ? client.challenge.replace(/=+$/, '') : '';
  if (sent !== expected.challenge.replace(/=+$/, '')) throw new Error('the challenge does not match');
  if (typeof client.origin !== 'string' || !expected.origins.includes(client.origin)) throw new Error(`origin ${String(client.origin)} is not one of the relying party's`);
}

/** Pure: base64url (padded or not) -> bytes; throws on other characters. */
export function fromBase64Url(text: unknown, what: string): Buffer {
  if (typeof text !== 'string' || !/^[A-Za-z0-9_-]*={0,2}$/.test(text)) throw new Error(`${what} is not base64url`);
  return Buffer.from(text, 'base64url');
}
