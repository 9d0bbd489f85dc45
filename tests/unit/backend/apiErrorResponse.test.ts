import { describe, expect, it } from 'vitest';
import { apiErrorBody, apiErrorResponse, apiOf, badPercentEscape, type EdgeError } from '../../../generator/backend/apiErrorResponse.ts';
import { isPgDataError } from '../../../generator/backend/isPgDataError.ts';

const edge: EdgeError = { status: 413, restCode: '413', authCode: 'request_entity_too_large', message: 'Request body too large (max 1048576 bytes)' };

describe('apiOf', () => {
  it('names the API of a path', () => {
    expect(apiOf('/rest/v1/waitlist')).toBe('rest');
    expect(apiOf('/rest/v1')).toBe('rest');
    expect(apiOf('/auth/v1/token')).toBe('auth');
    expect(apiOf('/functions/v1/log-admin-action')).toBe('functions');
    expect(apiOf('/rest/v10/x')).toBe('gateway');
    expect(apiOf('/')).toBe('gateway');
  });
});

describe('apiErrorBody', () => {
  it("answers in PostgREST's, GoTrue's, the functions' and the gateway's shapes", () => {
    expect(apiErrorBody('rest', edge)).toEqual({ code: '413', message: edge.message, details: null, hint: null });
    expect(apiErrorBody('auth', edge)).toEqual({ code: 413, error_code: 'request_entity_too_large', msg: edge.message });
    expect(apiErrorBody('functions', edge)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: edge.message });
    expect(apiErrorBody('gateway', edge)).toEqual({ message: edge.message });
  });

  it('makes a JSON Response with the status', async () => {
    const response = apiErrorResponse('/auth/v1/signup', edge);
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toMatchObject({ error_code: 'request_entity_too_large' });
  });
});

describe('badPercentEscape', () => {
  it('finds escapes that do not decode, in the path or the query', () => {
    expect(badPercentEscape('/rest/v1/waitlist?name=eq.%E0%A4%A')).toBe('eq.%E0%A4%A');
    expect(badPercentEscape('/rest/v1/wait%ZZ')).toBe('wait%ZZ');
    expect(badPercentEscape('/rest/v1/waitlist?na%FFme=eq.x')).toBe('na%FFme');
    expect(badPercentEscape('/rest/v1/waitlist?name=eq.%ED%A0%80')).toBe('eq.%ED%A0%80');
  });

  it('passes every escape that decodes, NUL and plus signs included', () => {
    expect(badPercentEscape('/rest/v1/waitlist?name=eq.%E0%A4%A4%20x+y&id=in.(%00)')).toBeNull();
    expect(badPercentEscape('/auth/v1/verify?redirect_to=http%3A%2F%2Flocalhost')).toBeNull();
  });
});

describe('isPgDataError', () => {
  it('is true for data exceptions and size limits, false for everything else', () => {
    const pg = (code: string) => Object.assign(new Error('m'), { code });
    for (const code of ['22021', '22P02', '22P05', '22003', '22001', '54000', '54001']) expect(isPgDataError(pg(code)), code).toBe(true);
    for (const code of ['23505', '42501', '53200', 'XX000', '2200']) expect(isPgDataError(pg(code)), code).toBe(false);
    expect(isPgDataError({ code: '22021' })).toBe(false);
    expect(isPgDataError(new RangeError('Maximum call stack size exceeded'))).toBe(false);
  });
});
