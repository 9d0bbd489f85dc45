import { describe, expect, it } from 'vitest';
import { decodeCbor } from '../../../../../generator/backend/auth/webauthn/decodeCbor.ts';

const hex = (text: string) => Uint8Array.from(Buffer.from(text.replace(/\s/g, ''), 'hex'));

describe('decodeCbor', () => {
  it("reads RFC 8949's examples", () => {
    const cases: [string, unknown][] = [
      ['00', 0],
      ['17', 23],
      ['1818', 24],
      ['1903e8', 1000],
      ['1b000000e8d4a51000', 1000000000000],
      ['20', -1],
      ['3903e7', -1000],
      ['f4', false],
      ['f5', true],
      ['f6', null],
      ['f93c00', 1],
      ['fb3ff199999999999a', 1.1],
      ['6449455446', 'IETF'],
      ['83010203', [1, 2, 3]],
      ['c11a514b67b0', 1363896240],
    ];
    for (const [bytes, value] of cases) expect(decodeCbor(hex(bytes)).value).toEqual(value);
    expect(decodeCbor(hex('4401020304')).value).toEqual(Uint8Array.from([1, 2, 3, 4]));
    expect(decodeCbor(hex('a201020304')).value).toEqual(new Map([[1, 2], [3, 4]]));
  });

  it('says where the item ends, so authenticator data can go on after a COSE key', () => {
    expect(decodeCbor(hex('ff 0102 83010203 99'), 3)).toEqual({ value: [1, 2, 3], end: 7 });
  });

  it('refuses what is truncated, indefinite or reserved', () => {
    for (const bytes of ['19 03', '44 0102', '5f', 'a2 0102 03', '1c']) expect(() => decodeCbor(hex(bytes))).toThrow();
  });
});
