import { describe, expect, it } from 'vitest';
import { parseCsvBody } from '../../../generator/backend/rest/parseCsvBody.ts';

describe('parseCsvBody', () => {
  it('reads a header line and rows of text, NULL as null, RFC 4180 quotes and CRLF', () => {
    expect(parseCsvBody('name,note\r\n"a, b","say ""hi"""\r\nc,NULL\r\n')).toEqual([
      { name: 'a, b', note: 'say "hi"' },
      { name: 'c', note: null },
    ]);
  });

  it('refuses ragged lines and an unclosed quote with PGRST102', () => {
    expect(() => parseCsvBody('a,b\n1\n')).toThrow('All lines must have same number of fields');
    expect(() => parseCsvBody('a\n"1\n')).toThrow(/parse error/);
  });
});
