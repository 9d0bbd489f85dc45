// [auth] signing_keys_path as GoTrue checks GOTRUE_JWT_KEYS: one signing key, the others verify only.
import { describe, expect, it } from 'vitest';
import { newApiKey, newSigningKey } from '../../../../generator/backend/keys/dataDirKeys.ts';
import { publicJwk, signingKeySet } from '../../../../generator/backend/keys/signingKeys.ts';

describe('signingKeySet', () => {
  it('puts the one key with "sign" first, whatever its place in the file', () => {
    const previous = { ...newSigningKey('ES256'), key_ops: ['verify'] };
    const current = newSigningKey('RS256');
    const set = signingKeySet([previous, current], 'signing_keys.json');
    expect(set.signing.kid).toBe(current.kid);
    expect(set.all.map((k) => k.kid)).toEqual([current.kid, previous.kid]);
  });

  it('refuses a file without a signing key, with two, or with keys it cannot use, naming the file', () => {
    const key = newSigningKey('ES256');
    const cases: [unknown, RegExp][] = [
      [{}, /must be a JSON array/],
      [[], /must be a JSON array/],
      [[{ ...key, key_ops: ['verify'] }], /no key has "sign"/],
      [[key, newSigningKey('ES256')], /2 keys have "sign"/],
      [[{ ...key, kid: '' }], /key 1 has no "kid"/],
      [[{ ...key, d: undefined }], /is not a private key/],
      [[{ ...key, crv: 'P-384' }], /neither an ES256 key on P-256 nor an RS256 key/],
      [[{ ...key, alg: 'RS256' }], /neither an ES256 key/],
      [[{ kty: 'oct', kid: 'x', k: 'c2VjcmV0', d: 'x', key_ops: ['sign'] }], /neither an ES256 key/],
    ];
    for (const [parsed, message] of cases) {
      expect(() => signingKeySet(parsed, '/p/supabase/signing_keys.json')).toThrow(message);
      try {
        signingKeySet(parsed, '/p/supabase/signing_keys.json');
      } catch (error) {
        expect(error).toMatchObject({ code: 'BackendSigningKeysInvalid', message: expect.stringContaining('/p/supabase/signing_keys.json') });
      }
    }
  });
});

describe('publicJwk', () => {
  it('publishes the public half, for verifying only', () => {
    for (const alg of ['ES256', 'RS256'] as const) {
      const pub = publicJwk(newSigningKey(alg));
      expect(pub).toMatchObject({ alg, use: 'sig', key_ops: ['verify'] });
      for (const field of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(pub).not.toHaveProperty(field);
    }
  });
});

describe('newApiKey', () => {
  it('makes keys in the hosted shape, a new one each time', () => {
    expect(newApiKey('publishable')).toMatch(/^sb_publishable_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/);
    expect(newApiKey('secret')).toMatch(/^sb_secret_[A-Za-z0-9_-]{22}_[A-Za-z0-9_-]{8}$/);
    expect(newApiKey('secret')).not.toBe(newApiKey('secret'));
  });
});
