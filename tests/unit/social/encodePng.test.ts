/** RGB scanlines as a PNG: what sharp (libpng) decodes is the pixels that were encoded. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../../generator/social/encodePng.cjs';

const W = 300;
const H = 157;
const STRIDE = 1 + W * 3;

/** A gradient moving a pixel a row (as a card's does), with a few rows of noise: scanlines and the same pixels as plain RGB. */
function image(seed: number): { scanlines: Buffer; rgb: Buffer } {
  const scanlines = Buffer.alloc(STRIDE * H);
  const rgb = Buffer.alloc(W * H * 3);
  let state = seed;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      for (let c = 0; c < 3; c++) {
        state = (state * 1103515245 + 12345) >>> 0;
        const value = y > 60 && y < 90 ? state >>> 24 : (x + y + c * 40) & 255;
        scanlines[y * STRIDE + 1 + x * 3 + c] = value;
        rgb[(y * W + x) * 3 + c] = value;
      }
  return { scanlines, rgb };
}

describe('encodePng', () => {
  it('writes an 8-bit RGB PNG that decodes to the same pixels', async () => {
    const { scanlines, rgb } = image(1);
    const png = encodePng(scanlines, W, H);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect({ width: info.width, height: info.height, channels: info.channels }).toEqual({ width: W, height: H, channels: 3 });
    expect(data.equals(rgb)).toBe(true);
    expect((await sharp(png).metadata()).depth).toBe('uchar');
  });

  it('gives the same pixels the same bytes, and other pixels other bytes', () => {
    expect(encodePng(image(1).scanlines, W, H).equals(encodePng(image(1).scanlines, W, H))).toBe(true);
    expect(encodePng(image(2).scanlines, W, H).equals(encodePng(image(1).scanlines, W, H))).toBe(false);
  });

  it('refuses scanlines of another size', () => {
    expect(() => encodePng(Buffer.alloc(STRIDE * H - 1), W, H)).toThrow(`expected ${H} rows of ${STRIDE} bytes`);
  });
});
