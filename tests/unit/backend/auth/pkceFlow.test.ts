import { describe, expect, it } from 'vitest';
import { checkCodeVerifier, checkPkceParams } from '../../../../generator/backend/auth/pkceFlow.ts';

// RFC 7636 Appendix B.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('PKCE', () => {
  it('checks S256 with the RFC 7636 example, and plain', () => {
    expect(checkCodeVerifier(CHALLENGE, 's256', VERIFIER)).toBeNull();
    expect(checkCodeVerifier(CHALLENGE, 'S256', VERIFIER + 'x')).toBe('code challenge does not match previously saved code verifier');
    expect(checkCodeVerifier(VERIFIER, 'plain', VERIFIER)).toBeNull();
    expect(checkCodeVerifier(VERIFIER, 'plain', CHALLENGE)).toBe('code challenge does not match previously saved code verifier');
    expect(checkCodeVerifier(CHALLENGE, 'md5', VERIFIER)).toBe('code challenge method not supported');
  });

  it('validates the parameters as GoTrue does', () => {
    expect(checkPkceParams(undefined, undefined)).toBeNull();
    expect(checkPkceParams('S256', CHALLENGE)).toEqual({ codeChallenge: CHALLENGE, codeChallengeMethod: 's256' });
    expect(() => checkPkceParams('s256', '')).toThrow('PKCE flow requires code_challenge_method and code_challenge');
    expect(() => checkPkceParams('s256', 'short')).toThrow('code challenge has to be between 43 and 128 characters');
    expect(() => checkPkceParams('s256', `${CHALLENGE}!`)).toThrow('code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  });
});
