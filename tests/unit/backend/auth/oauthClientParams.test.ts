import { describe, expect, it } from 'vitest';
import { AuthError } from '../../../../generator/backend/auth/authError.ts';
import { GoJsonTypeError } from '../../../../generator/backend/auth/goJsonFields.ts';
import { redirectUriProblem, registrationParams, updateParams } from '../../../../generator/backend/auth/oauthClientParams.ts';
import { goUuid } from '../../../../generator/backend/auth/oauthClients.ts';

/** The message of the AuthError `fn` throws. */
function problem(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof AuthError) return `${error.status} ${error.errorCode}: ${error.message}`;
    throw error;
  }
  throw new Error('no error thrown');
}

describe('redirectUriProblem', () => {
  it('allows https, custom schemes and http on loopback hosts only, as GoTrue does', () => {
    for (const ok of ['https://example.com/cb', 'myapp://callback', 'http://localhost:3000/cb', 'http://127.0.0.1/cb', 'http://[::1]:8080/cb', 'https://example.com/cb#', 'HTTPS://Example.com/cb']) {
      expect(redirectUriProblem(ok)).toBeNull();
    }
    expect(redirectUriProblem('')).toBe('redirect URI cannot be empty');
    expect(redirectUriProblem('http://example.com/cb')).toBe('HTTP scheme only allowed for localhost');
    expect(redirectUriProblem('HTTP://example.com/cb')).toBe('HTTP scheme only allowed for localhost');
    expect(redirectUriProblem('/relative/cb')).toBe('must have scheme and host');
    expect(redirectUriProblem('myapp:callback')).toBe('must have scheme and host');
    expect(redirectUriProblem('Data://x/y')).toBe("scheme 'data' is not allowed for security reasons");
    expect(redirectUriProblem('https://example.com/cb#token')).toBe('fragment not allowed in redirect URI');
    expect(redirectUriProblem('https://exa\nmple.com/')).toBe('invalid URL format');
    expect(redirectUriProblem('https://example.com:port/')).toBe('invalid URL format');
  });
});

describe('registrationParams', () => {
  it('applies GoTrue defaults: both grant types, a confidential client with client_secret_basic', () => {
    expect(registrationParams({ redirect_uris: ['https://example.com/cb'] })).toEqual({
      redirectUris: ['https://example.com/cb'],
      grantTypes: ['authorization_code', 'refresh_token'],
      clientType: 'confidential',
      tokenEndpointAuthMethod: 'client_secret_basic',
      clientName: null,
      clientUri: null,
      logoUri: null,
    });
  });

  it('infers the client type from the auth method, and the method from the type', () => {
    expect(registrationParams({ redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'none' })).toMatchObject({ clientType: 'public', tokenEndpointAuthMethod: 'none' });
    expect(registrationParams({ redirect_uris: ['https://a.example/cb'], client_type: 'public' })).toMatchObject({ clientType: 'public', tokenEndpointAuthMethod: 'none' });
    expect(registrationParams({ redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'client_secret_post' })).toMatchObject({ clientType: 'confidential' });
  });

  it('reads field names case-insensitively, as Go decodes JSON into a struct', () => {
    expect(registrationParams({ Redirect_URIs: ['https://a.example/cb'], CLIENT_NAME: 'Named' })).toMatchObject({ redirectUris: ['https://a.example/cb'], clientName: 'Named' });
  });

  it('refuses with GoTrue messages, prefixed "400: " as its register handler wraps them', () => {
    const uris = { redirect_uris: ['https://a.example/cb'] };
    expect(problem(() => registrationParams({}))).toBe('400 validation_failed: 400: redirect_uris is required');
    expect(problem(() => registrationParams({ redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) }))).toBe(
      '400 validation_failed: 400: redirect_uris cannot exceed 10 items',
    );
    expect(problem(() => registrationParams({ ...uris, client_name: 'é'.repeat(513) }))).toBe('400 validation_failed: 400: client_name cannot exceed 1024 characters');
    expect(problem(() => registrationParams({ ...uris, client_uri: 'not a url' }))).toBe('400 validation_failed: 400: client_uri must be a valid URL');
    expect(problem(() => registrationParams({ ...uris, logo_uri: 'https://a.example/' + 'x'.repeat(2048) }))).toBe('400 validation_failed: 400: logo_uri cannot exceed 2048 characters');
    expect(problem(() => registrationParams({ ...uris, client_type: 'secret' }))).toBe("400 validation_failed: 400: client_type must be 'public' or 'confidential'");
    expect(problem(() => registrationParams({ ...uris, token_endpoint_auth_method: 'private_key_jwt' }))).toBe(
      '400 validation_failed: 400: token_endpoint_auth_method must be one of: [none client_secret_basic client_secret_post]',
    );
    expect(registrationParams({ ...uris, grant_types: [] }).grantTypes).toEqual(['authorization_code', 'refresh_token']);
  });

  it('throws GoJsonTypeError where Go could not decode the body', () => {
    expect(() => registrationParams({ redirect_uris: 'https://a.example/cb' })).toThrow(GoJsonTypeError);
    expect(() => registrationParams({ redirect_uris: ['https://a.example/cb'], client_name: 7 })).toThrow(GoJsonTypeError);
  });
});

describe('updateParams', () => {
  it('keeps absent and null fields, clears a name or URI given as ""', () => {
    expect(updateParams({ logo_uri: 'https://a.example/l.png', client_name: null }, 'confidential')).toEqual({ logoUri: 'https://a.example/l.png' });
    expect(updateParams({ client_name: '', client_uri: '' }, 'confidential')).toEqual({ clientName: null, clientUri: null });
  });

  it('refuses without the register prefix, and an auth method the client type cannot use', () => {
    expect(problem(() => updateParams({ client_name: null }, 'confidential'))).toBe('400 validation_failed: No fields provided for update');
    expect(problem(() => updateParams({ redirect_uris: [] }, 'confidential'))).toBe('400 validation_failed: redirect_uris cannot be empty');
    expect(problem(() => updateParams({ grant_types: [] }, 'confidential'))).toBe('400 validation_failed: grant_types cannot be empty');
    expect(problem(() => updateParams({ token_endpoint_auth_method: 'x' }, 'public'))).toBe(
      '400 validation_failed: invalid token_endpoint_auth_method: must be one of [none client_secret_basic client_secret_post]',
    );
    expect(problem(() => updateParams({ token_endpoint_auth_method: 'none' }, 'confidential'))).toBe(
      "400 validation_failed: token_endpoint_auth_method 'none' is not valid for client_type 'confidential'; valid methods: [client_secret_basic client_secret_post]",
    );
  });
});

describe('goUuid', () => {
  it("reads the spellings Go's uuid.FromString accepts", () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    for (const text of [id, id.toUpperCase(), id.replaceAll('-', ''), `{${id}}`, `urn:uuid:${id}`]) expect(goUuid(text)).toBe(id);
    for (const text of ['', 'nope', `{${id}`, `${id}0`, '0f8fad5b-d9cb469f-a165-70867728950e']) expect(goUuid(text)).toBeNull();
  });
});
