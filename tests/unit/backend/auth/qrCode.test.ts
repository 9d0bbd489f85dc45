import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { qrCode, qrCodeSvg } from '../../../../generator/backend/auth/qrCode.ts';

const URI = 'otpauth://totp/example.com:ada@example.com?algorithm=SHA1&digits=6&issuer=example.com&period=30&secret=JBSWY3DPEHPK3PXP';
const digest = (m: boolean[][]) => createHash('sha256').update(m.map((r) => r.map((d) => (d ? '1' : '0')).join('')).join('\n')).digest('hex');

describe('qrCode (byte mode, level H)', () => {
  it('draws the codes a QR reader decoded back to their text', () => {
    // Both matrices were read back to their text by zbarimg (ZBar 0.23) when this encoder was written.
    expect(qrCode('hello').length).toBe(21);
    expect(digest(qrCode('hello'))).toBe('69eec149521d0daf8dd3263acf22740ee26b4a844714a559cabedbf5de3f1bad');
    expect(qrCode(URI).length).toBe(57);
    expect(digest(qrCode(URI))).toBe('9fbff4d51153de7e1f6928f6903d30b8fe00a14fd96222efe4c26e968f7acea7');
  });

  it('picks the smallest version that holds the text, up to version 40 (1,273 bytes)', () => {
    expect(qrCode('x'.repeat(7)).length).toBe(21);
    expect(qrCode('x'.repeat(8)).length).toBe(25);
    expect(qrCode('x'.repeat(1273)).length).toBe(177);
    expect(() => qrCode('x'.repeat(1274))).toThrow('text too long for a QR code');
  });

  it('has the three finder patterns and the timing patterns', () => {
    const m = qrCode(URI);
    const n = m.length;
    for (const [x0, y0] of [
      [0, 0],
      [n - 7, 0],
      [0, n - 7],
    ]) {
      const ring = [0, 1, 2, 3, 4, 5, 6].map((i) => [m[y0][x0 + i], m[y0 + 6][x0 + i], m[y0 + i][x0], m[y0 + i][x0 + 6]]).flat();
      expect(ring.every(Boolean)).toBe(true);
      expect(m[y0 + 3][x0 + 3]).toBe(true);
      expect(m[y0 + 1][x0 + 1]).toBe(false);
    }
    for (let i = 8; i < n - 8; i += 1) {
      expect(m[6][i]).toBe(i % 2 === 0);
      expect(m[i][6]).toBe(i % 2 === 0);
    }
  });

  it('writes an SVG of 3-pixel modules, as GoTrue sends totp.qr_code', () => {
    const svg = qrCodeSvg(URI);
    expect(svg).toMatch(/^<\?xml version="1.0"\?>\n<svg width="171" height="171" xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const dark = qrCode(URI).flat().filter(Boolean).length;
    expect(svg.match(/style="fill:black;stroke:none"/g)?.length).toBe(dark);
    expect(svg.endsWith('</svg>\n')).toBe(true);
  });
});
