import { describe, expect, it } from 'vitest';
import { corsHeaders, isAllowedOrigin } from '../../../generator/backend/corsHeaders.ts';
import { pgErrorToRest } from '../../../generator/backend/rest/pgErrorToRest.ts';

describe('pgErrorToRest', () => {
  it("maps SQLSTATEs to PostgREST's statuses", () => {
    const status = (code: string, role = 'anon') => pgErrorToRest({ code, message: 'm' }, role).status;
    expect(status('23505')).toBe(409);
    expect(status('23503')).toBe(409);
    expect(status('23514')).toBe(400);
    expect(status('23502')).toBe(400);
    expect(status('22P02')).toBe(400);
    expect(status('42501', 'anon')).toBe(401);
    expect(status('42501', 'authenticated')).toBe(403);
    expect(status('42P01')).toBe(404);
    expect(status('42883')).toBe(404);
    expect(status('P0001')).toBe(400);
    expect(status('XX000')).toBe(500);
  });

  it('answers data exceptions with 400: a NUL byte, bad text, out-of-range numbers, too long, too deep', () => {
    const status = (code: string) => pgErrorToRest({ code, message: 'm' }, 'anon').status;
    for (const code of ['22021', '22P02', '22P05', '22003', '22001', '22007', '22008']) expect(status(code), code).toBe(400);
    expect(status('54001')).toBe(400);
    expect(status('54000')).toBe(400);
    expect(status('53400')).toBe(500);
    // The server refused a message's bytes: a request's doing, the connection is fine.
    expect(status('08P01')).toBe(400);
    expect(status('08006')).toBe(503);
    expect(pgErrorToRest(new RangeError('Maximum call stack size exceeded'), 'anon').status).toBe(500);
  });

  it('keeps code, message, details and hint', () => {
    expect(pgErrorToRest({ code: '23514', message: 'new row violates', detail: 'Failing row', hint: undefined }, 'anon').body).toEqual({
      code: '23514',
      message: 'new row violates',
      details: 'Failing row',
      hint: null,
    });
  });
});

describe('corsHeaders', () => {
  it('reflects local origins on any port and configured origins, nothing else', () => {
    expect(isAllowedOrigin('http://127.0.0.1:4321', [])).toBe(true);
    expect(isAllowedOrigin('http://localhost', [])).toBe(true);
    expect(isAllowedOrigin('http://localhost.evil.example', [])).toBe(false);
    expect(isAllowedOrigin('https://127.0.0.1:4321', [])).toBe(false);
    expect(isAllowedOrigin('https://decksmith.example', ['https://decksmith.example/'])).toBe(true);
    expect(corsHeaders('https://evil.example', [])).toEqual({ Vary: 'Origin' });
    expect(corsHeaders('http://localhost:3000', [])['Access-Control-Allow-Origin']).toBe('http://localhost:3000');
  });
});
