// The gateway's pure parts: which key a request carries, whether it comes from a browser, and which
// JWT the services behind the gateway see.
import { describe, expect, it } from 'vitest';
import { apiKeyKind, checkApiKey, fromBrowser, gatewayBearer } from '../../../../generator/backend/keys/apiGateway.ts';

const KEYS = { publishableKey: 'sb_publishable_p', secretKey: 'sb_secret_s', anonKey: 'eyJ.anon.jwt', serviceRoleKey: 'eyJ.service.jwt' };
const request = (headers: Record<string, string>, url = 'http://127.0.0.1/rest/v1/t') => new Request(url, { headers });

describe('apiKeyKind', () => {
  it('names the four keys of a project, and nothing else', () => {
    expect(apiKeyKind('sb_publishable_p', KEYS)).toBe('publishable');
    expect(apiKeyKind('sb_secret_s', KEYS)).toBe('secret');
    expect(apiKeyKind('eyJ.anon.jwt', KEYS)).toBe('anon');
    expect(apiKeyKind('eyJ.service.jwt', KEYS)).toBe('service_role');
    expect(apiKeyKind('sb_publishable_other', KEYS)).toBeNull();
  });
});

describe('fromBrowser', () => {
  it('tells a browser by its User-Agent, as hosted Supabase does', () => {
    expect(fromBrowser('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15')).toBe(true);
    for (const agent of ['node', 'Deno/2.1.4', 'curl/8.5.0', 'supabase-py/2.0', '', null]) expect(fromBrowser(agent)).toBe(false);
  });
});

describe('checkApiKey', () => {
  it('lets every key of the project through, the secret one only from outside a browser', async () => {
    for (const key of Object.values(KEYS)) expect(checkApiKey(request({ apikey: key }), KEYS)).toBeNull();
    expect(checkApiKey(request({}, 'http://127.0.0.1/rest/v1/t?apikey=sb_publishable_p'), KEYS)).toBeNull();
    const browser = checkApiKey(request({ apikey: 'sb_secret_s', 'user-agent': 'Mozilla/5.0 (X11)' }), KEYS)!;
    expect(browser.status).toBe(401);
    expect(browser.headers.get('sb-error-code')).toBe('UNAUTHORIZED_INVALID_API_KEY_TYPE');
    expect((await browser.json()).message).toBe('Forbidden use of secret API key in browser');
    // The legacy service_role key has no such check, as on hosted Supabase.
    expect(checkApiKey(request({ apikey: 'eyJ.service.jwt', 'user-agent': 'Mozilla/5.0 (X11)' }), KEYS)).toBeNull();
  });

  it('answers a missing, an unknown sb_ and an unknown legacy key as the gateway does', async () => {
    const missing = checkApiKey(request({}), KEYS)!;
    expect([missing.status, missing.headers.get('sb-error-code')]).toEqual([401, 'UNAUTHORIZED_MISSING_API_KEY']);
    expect(await missing.json()).toEqual({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
    expect(await checkApiKey(request({ apikey: 'sb_secret_made_up' }), KEYS)!.json()).toEqual({ message: 'Invalid API key' });
    expect(await checkApiKey(request({ apikey: 'eyJ.other' }), KEYS)!.json()).toEqual({
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    });
  });
});

describe('gatewayBearer', () => {
  it("stands a publishable or secret key for its role's JWT where the bearer is missing or repeats the key", () => {
    expect(gatewayBearer(request({ apikey: 'sb_publishable_p' }), KEYS)).toBe('eyJ.anon.jwt');
    expect(gatewayBearer(request({ apikey: 'sb_publishable_p', authorization: 'Bearer sb_publishable_p' }), KEYS)).toBe('eyJ.anon.jwt');
    expect(gatewayBearer(request({ apikey: 'sb_secret_s', authorization: 'bearer sb_secret_s' }), KEYS)).toBe('eyJ.service.jwt');
  });

  it("hands a user's token on, and any other bearer as it is", () => {
    expect(gatewayBearer(request({ apikey: 'sb_publishable_p', authorization: 'Bearer user.jwt' }), KEYS)).toBe('user.jwt');
    expect(gatewayBearer(request({ apikey: 'sb_publishable_p', authorization: 'Bearer sb_secret_s' }), KEYS)).toBe('sb_secret_s');
    expect(gatewayBearer(request({ apikey: 'eyJ.anon.jwt', authorization: 'Bearer eyJ.anon.jwt' }), KEYS)).toBe('eyJ.anon.jwt');
    // A legacy key without a bearer: none (PostgREST then takes the key itself; GoTrue asks for one).
    expect(gatewayBearer(request({ apikey: 'eyJ.anon.jwt' }), KEYS)).toBeNull();
  });
});
