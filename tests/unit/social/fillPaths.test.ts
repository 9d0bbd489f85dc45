/** Path data filled in JavaScript, against librsvg (through sharp) painting the same shapes: the pixels agree within a few levels at the edges. */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fillSegments, pathSegments } from '../../../generator/social/fillPaths.cjs';
import { PNG_OPTIONS } from '../../../generator/social/paintCard.cjs';
import { pixelDifference } from './pixelDifference.ts';

const W = 96;
const H = 64;
const STRIDE = 1 + W * 3;
const GROUND = [0x12, 0x34, 0x56] as const;
type Shape = { d: string; color: [number, number, number, number] };

const css = ([r, g, b, a]: Shape['color']) => `rgba(${r},${g},${b},${a / 255})`;

/** The shapes painted by librsvg on the ground color: RGB pixels. */
async function byLibrsvg(shapes: Shape[]): Promise<Buffer> {
  const body = shapes.map((s) => `<path fill="${css(s.color)}" d="${s.d}"/>`).join('');
  const svg = `<svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" xmlns="http://www.w3.org/2000/svg"><rect width="${W}" height="${H}" fill="rgb(${GROUND.join(',')})"/>${body}</svg>`;
  return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
}

/** The same shapes filled by fillPaths.cjs onto scanlines of the ground color: RGB pixels. */
function byFill(shapes: Shape[]): Buffer {
  const image = Buffer.alloc(STRIDE * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) image.set(GROUND, y * STRIDE + 1 + x * 3);
  for (const s of shapes) fillSegments(image, W, H, STRIDE, pathSegments(s.d)!, s.color);
  const rgb = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) image.copy(rgb, y * W * 3, y * STRIDE + 1, (y + 1) * STRIDE);
  return rgb;
}


/** A circle of four cubic curves (clockwise on screen), or counterclockwise. */
const circle = (cx: number, cy: number, r: number, counter = false) => {
  const k = 0.5523 * r;
  return counter
    ? `M${cx + r} ${cy}C${cx + r} ${cy - k} ${cx + k} ${cy - r} ${cx} ${cy - r}C${cx - k} ${cy - r} ${cx - r} ${cy - k} ${cx - r} ${cy}C${cx - r} ${cy + k} ${cx - k} ${cy + r} ${cx} ${cy + r}C${cx + k} ${cy + r} ${cx + r} ${cy + k} ${cx + r} ${cy}Z`
    : `M${cx + r} ${cy}C${cx + r} ${cy + k} ${cx + k} ${cy + r} ${cx} ${cy + r}C${cx - k} ${cy + r} ${cx - r} ${cy + k} ${cx - r} ${cy}C${cx - r} ${cy - k} ${cx - k} ${cy - r} ${cx} ${cy - r}C${cx + k} ${cy - r} ${cx + r} ${cy - k} ${cx + r} ${cy}Z`;
};
const white: Shape['color'] = [255, 255, 255, 255];

const cases: [string, Shape[]][] = [
  ['a triangle of slanted lines', [{ d: 'M10.3 5.7L80.2 20.1L30.6 58.9Z', color: white }]],
  ['a circle of cubic curves', [{ d: circle(48, 32, 25.3), color: [252, 211, 77, 255] }]],
  ['a ring: a hole drawn the other way round (nonzero)', [{ d: circle(48, 32, 28) + circle(48, 32, 14.5, true), color: white }]],
  ['two squares drawn the same way round that overlap: filled once (nonzero, not even-odd)', [{ d: 'M10 10H50V50H10ZM30.5 20.5H80.5V60.5H30.5Z', color: white }]],
  ['a self-intersecting star: its middle filled (nonzero)', [{ d: 'M48 2L66 58L18 22H78L30 58Z', color: [203, 213, 225, 255] }]],
  [
    'a glyph of quadratic curves, relative and smooth (Q, T, q, t), with its counter',
    [{ d: 'M48 6Q70 6 70 32T48 58Q26 58 26 32T48 6ZM48 16q-11 0 -11 16t11 16q11 0 11 -16t-11 -16Z', color: white }],
  ],
  ['smooth cubic curves (S, s) and relative lines', [{ d: 'M8 40C8 10 40 10 40 30S72 50 72 20s16 -10 16 10l-4 30h-76z', color: white }]],
  ['a see-through color over another shape', [{ d: 'M6 6h60v40h-60z', color: white }, { d: circle(60, 36, 24), color: [109, 40, 217, 128] }]],
  ['shapes partly outside the image, on every side', [{ d: 'M-20 -10L50 -30L120 40L60 90L-30 70Z', color: white }, { d: circle(90, 60, 20), color: [79, 70, 229, 255] }]],
  ['shapes thinner than a pixel', [{ d: 'M10 10L86 12L86 12.4L10 10.3Z', color: white }, { d: 'M20.2 20L20.6 20L20.6 60L20.2 60Z', color: white }]],
];

describe('fillSegments', () => {
  // cairo (under librsvg) samples a pixel's coverage in a few rows, this fill takes its exact area: edges
  // differ by a few levels, a sharp corner by up to an eighth; a pixel painted or left wrong differs by far more.
  it.each(cases)('fills %s as librsvg paints it, within a few levels at the edges', async (_, shapes) => {
    const diff = pixelDifference(byFill(shapes), await byLibrsvg(shapes));
    expect(diff.max).toBeLessThanOrEqual(32);
    expect(diff.mean).toBeLessThan(0.2);
  });

  it("paints the pixels its painter version painted: a change to them is a new version in every image's key", () => {
    const all = createHash('sha256');
    for (const [, shapes] of cases) all.update(byFill(shapes));
    // Pure arithmetic on doubles (no library, no platform): the same digest on every machine. When it
    // changes, change PNG_OPTIONS.painter in paintCard.cjs too, then the digest and version here.
    expect({ painter: PNG_OPTIONS.painter, pixels: all.digest('hex') }).toEqual({ painter: 'layers-1', pixels: '76c73cb8865b7f2061e9b804cb6ba1ca1e549450ef559ca1620e96f19b771b86' });
  });

  it('paints nothing for a see-through color or a shape outside the image, and says so', () => {
    const image = Buffer.alloc(STRIDE * H, 7);
    expect(fillSegments(image, W, H, STRIDE, pathSegments('M10 10H50V50Z')!, [255, 0, 0, 0])).toBe(false);
    expect(fillSegments(image, W, H, STRIDE, pathSegments('M200 10H250V50Z')!, [255, 0, 0, 255])).toBe(false);
    expect(image.every((b) => b === 7)).toBe(true);
  });
});

describe('pathSegments', () => {
  const lines = (d: string) => {
    const s = pathSegments(d);
    return s && Array.from(s);
  };

  it('reads lines, absolute and relative, as segments, leaving out those along a row and closing every subpath', () => {
    expect(lines('M1 2L5 6H9V10Z')).toEqual([1, 2, 5, 6, 9, 6, 9, 10, 9, 10, 1, 2]);
    expect(lines('m1 2l4 4h4v4z')).toEqual(lines('M1 2L5 6H9V10Z'));
    // Pairs after a moveto are lines; an unclosed subpath is closed by the next one and at the end.
    expect(lines('M0 0 4 4 0 8M10 0L14 4')).toEqual([0, 0, 4, 4, 4, 4, 0, 8, 0, 8, 0, 0, 10, 0, 14, 4, 14, 4, 10, 0]);
  });

  it('reads numbers as SVG writes them: signs and points as separators, exponents, commas', () => {
    expect(lines('M.5.5L-1-2e1,3E-1 .25Z')).toEqual([0.5, 0.5, -1, -20, -1, -20, 0.3, 0.25, 0.3, 0.25, 0.5, 0.5]);
  });

  it('cuts curves into lines that end where the curve does', () => {
    const s = pathSegments('M0 0Q50 100 100 0C100 -50 0 -50 0 0Z')!;
    expect(s.length).toBeGreaterThan(40);
    const points = Array.from({ length: s.length / 4 }, (_, k) => [s[4 * k + 2], s[4 * k + 3]]);
    expect(points).toContainEqual([100, 0]);
    // Every point of the quadratic half lies on it: y = 2t(1 - t) * 100 where x = 100t.
    for (const [x, y] of points.filter(([, y]) => y! > 0)) expect(y).toBeCloseTo(2 * (x! / 100) * (1 - x! / 100) * 100, 9);
  });

  it('answers null for data it does not read: an arc, a stray word, a missing number', () => {
    expect(pathSegments('M94,72 h36 a14,14 0 0 1 14,14 Z')).toBeNull();
    expect(pathSegments('M0 0L10 10 oops')).toBeNull();
    expect(pathSegments('M0 0L10')).toBeNull();
  });
});
