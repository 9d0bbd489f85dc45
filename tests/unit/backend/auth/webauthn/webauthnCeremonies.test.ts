// verifyRegistration and verifyAssertion against a software authenticator: what they take, and each
// check that makes them refuse.
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyAssertion } from '../../../../../generator/backend/auth/webauthn/verifyAssertion.ts';
import { verifyRegistration } from '../../../../../generator/backend/auth/webauthn/verifyRegistration.ts';
import { SoftwareAuthenticator } from '../../../../integration/backend/auth/softwareAuthenticator.ts';

const RP = { rpId: 'localhost', origins: ['http://localhost:5173'], requireUserVerification: false };
const userId = Buffer.from('5a0f6c42-0d8c-4f39-9d1e-2f4a0c7b9e11').toString('base64url');

describe('verifyRegistration and verifyAssertion', () => {
  it('take a new credential, then signatures made with it, with their counter', () => {
    const authenticator = new SoftwareAuthenticator('localhost', 'http://localhost:5173');
    const created = verifyRegistration(authenticator.create({ challenge: 'c1', user: { id: userId } }), { ...RP, challenge: 'c1' });
    expect(created).toMatchObject({ alg: -7, signCount: 0, attestationType: 'none', transports: ['internal'] });
    expect(created.credentialId.equals(authenticator.credentialId)).toBe(true);
    const asserted = verifyAssertion(authenticator.get({ challenge: 'c2' }), { ...RP, challenge: 'c2' }, created.publicKey);
    expect(asserted.signCount).toBe(1);
  });

  it('refuse another challenge, origin, relying party or type', () => {
    const authenticator = new SoftwareAuthenticator('localhost', 'http://localhost:5173');
    const response = authenticator.create({ challenge: 'c1', user: { id: userId } });
    expect(() => verifyRegistration(response, { ...RP, challenge: 'c2' })).toThrow(/challenge/);
    expect(() => verifyRegistration(response, { ...RP, challenge: 'c1', origins: ['https://decksmith.example'] })).toThrow(/origin/);
    expect(() => verifyRegistration(response, { ...RP, challenge: 'c1', rpId: 'decksmith.example' })).toThrow(/rp id hash/);
    expect(() => verifyAssertion(response, { ...RP, challenge: 'c1' }, Buffer.alloc(0))).toThrow(/clientDataJSON type/);
    const other = new SoftwareAuthenticator('evil.example', 'http://localhost:5173').create({ challenge: 'c1', user: { id: userId } });
    expect(() => verifyRegistration(other, { ...RP, challenge: 'c1' })).toThrow(/rp id hash/);
  });

  it("refuse a signature by another key, and a signature over other data", () => {
    const authenticator = new SoftwareAuthenticator('localhost', 'http://localhost:5173');
    const stranger = new SoftwareAuthenticator('localhost', 'http://localhost:5173');
    const created = verifyRegistration(authenticator.create({ challenge: 'c1', user: { id: userId } }), { ...RP, challenge: 'c1' });
    stranger.create({ challenge: 'c1', user: { id: userId } });
    expect(() => verifyAssertion(stranger.get({ challenge: 'c2' }), { ...RP, challenge: 'c2' }, created.publicKey)).toThrow(/signature/);
    const assertion = authenticator.get({ challenge: 'c2' }) as { response: Record<string, string> };
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const forged = sign('sha256', createHash('sha256').update('other').digest(), privateKey).toString('base64url');
    expect(() => verifyAssertion({ ...assertion, response: { ...assertion.response, signature: forged } }, { ...RP, challenge: 'c2' }, created.publicKey)).toThrow(/signature/);
  });

  it('refuse a credential that is not one: wrong type, id and rawId apart, no response', () => {
    const response = new SoftwareAuthenticator('localhost', 'http://localhost:5173').create({ challenge: 'c1', user: { id: userId } });
    expect(() => verifyRegistration({ ...response, type: 'password' }, { ...RP, challenge: 'c1' })).toThrow(/type/);
    expect(() => verifyRegistration({ ...response, rawId: 'AAAA' }, { ...RP, challenge: 'c1' })).toThrow(/rawId/);
    expect(() => verifyRegistration({ id: 'x', type: 'public-key' }, { ...RP, challenge: 'c1' })).toThrow(/no response/);
  });
});
