import { describe, expect, it } from 'vitest';
import { jsonDepth, MAX_JSON_DEPTH, parseJsonBytes, readJsonBody } from '../../../generator/backend/readJsonBody.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('jsonDepth', () => {
  it('counts nesting outside strings, escapes included', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepth('{"a":"[[[{{{"}')).toBe(1);
    expect(jsonDepth('{"a":"\\"[[["}')).toBe(1);
    expect(jsonDepth('["\\\\",[[]]]')).toBe(3);
  });

  it('stops one past the limit', () => {
    expect(jsonDepth(nested(100_000), 10)).toBe(11);
  });
});

describe('parseJsonBytes', () => {
  it('parses JSON and reports blank text as empty', () => {
    expect(parseJsonBytes(bytes('{"a":1}'))).toEqual({ ok: true, empty: false, value: { a: 1 } });
    expect(parseJsonBytes(bytes(' \n'))).toEqual({ ok: true, empty: true, value: undefined });
    expect(parseJsonBytes(bytes('"\\ud800"'))).toEqual({ ok: true, empty: false, value: '\ud800' });
  });

  it('refuses bytes that are not UTF-8, bad syntax and deep nesting, with a reason', () => {
    expect(parseJsonBytes(new Uint8Array([0x22, 0xff, 0x22]))).toMatchObject({ ok: false, problem: 'utf8' });
    expect(parseJsonBytes(new Uint8Array([0x22, 0xed, 0xa0, 0x80, 0x22]))).toMatchObject({ ok: false, problem: 'utf8' });
    expect(parseJsonBytes(bytes('{"a":'))).toMatchObject({ ok: false, problem: 'syntax' });
    expect(parseJsonBytes(bytes(nested(MAX_JSON_DEPTH)))).toMatchObject({ ok: true });
    expect(parseJsonBytes(bytes(nested(MAX_JSON_DEPTH + 1)))).toMatchObject({ ok: false, problem: 'depth', reason: expect.stringContaining('512') });
    expect(parseJsonBytes(bytes(nested(3)), 2)).toMatchObject({ ok: false, problem: 'depth' });
  });

  it('reads a Request body', async () => {
    const request = new Request('http://x/', { method: 'POST', body: '{"__proto__":{"admin":true}}' });
    const read = await readJsonBody(request);
    expect(read).toMatchObject({ ok: true });
    expect(Object.keys((read as { value: object }).value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
