import { constants, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { decodeCbor, type CborValue } from './decodeCbor.ts';

/** COSE algorithm numbers, in the order go-webauthn offers them (pubKeyCredParams). */
export const COSE_ALGORITHMS = [-7, -35, -36, -257, -258, -259, -37, -38, -39, -8] as const;

const EC_CURVES: Record<number, { crv: string; hash: string; alg: number }> = {
  1: { crv: 'P-256', hash: 'sha256', alg: -7 },
  2: { crv: 'P-384', hash: 'sha384', alg: -35 },
  3: { crv: 'P-521', hash: 'sha512', alg: -36 },
};
const RSA_HASH: Record<number, { hash: string; pss: boolean }> = {
  [-257]: { hash: 'sha256', pss: false },
  [-258]: { hash: 'sha384', pss: false },
  [-259]: { hash: 'sha512', pss: false },
  [-37]: { hash: 'sha256', pss: true },
  [-38]: { hash: 'sha384', pss: true },
  [-39]: { hash: 'sha512', pss: true },
};

/** A credential public key as an authenticator hands it over (a COSE_Key, RFC 9053), ready to check signatures. */
export interface CosePublicKey {
  alg: number;
  /** Verifies a WebAuthn signature (DER ECDSA, PKCS#1 v1.5 or PSS RSA, or Ed25519) over `data`. */
  verify(data: Uint8Array, signature: Uint8Array): boolean;
}

/** Pure: a COSE_Key's bytes -> its key (EC2 on P-256/384/521, RSA, Ed25519); throws on any other. */
export function coseKey(bytes: Uint8Array): CosePublicKey {
  const { value } = decodeCbor(bytes);
  if (!(value instanceof Map)) throw new Error('the credential public key is not a COSE_Key map');
  const field = (label: number): CborValue => value.get(label);
  const b64 = (label: number) => {
    const part = field(label);
    if (!(part instanceof Uint8Array)) throw new Error(`the COSE_Key lacks parameter ${label}`);
    return Buffer.from(part).toString('base64url');
  };
  const kty = field(1);
  const alg = Number(field(3));
  if (kty === 2) {
    const curve = EC_CURVES[Number(field(-1))];
    if (!curve || curve.alg !== alg) throw new Error(`unsupported EC2 key (curve ${String(field(-1))}, alg ${alg})`);
    const key = jwkKey({ kty: 'EC', crv: curve.crv, x: b64(-2), y: b64(-3) });
    return { alg, verify: (data, sig) => verify(curve.hash, data, key, sig) };
  }
  if (kty === 3) {
    const rsa = RSA_HASH[alg];
    if (!rsa) throw new Error(`unsupported RSA algorithm ${alg}`);
    const key = jwkKey({ kty: 'RSA', n: b64(-1), e: b64(-2) });
    const options = rsa.pss ? { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST } : key;
    return { alg, verify: (data, sig) => verify(rsa.hash, data, options, sig) };
  }
  if (kty === 1 && alg === -8 && field(-1) === 6) {
    const key = jwkKey({ kty: 'OKP', crv: 'Ed25519', x: b64(-2) });
    return { alg, verify: (data, sig) => verify(null, data, key, sig) };
  }
  throw new Error(`unsupported COSE key type ${String(kty)} with alg ${alg}`);
}

function jwkKey(jwk: Record<string, string>): KeyObject {
  return createPublicKey({ key: jwk, format: 'jwk' });
}
