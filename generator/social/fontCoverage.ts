/**
 * Which characters a font file has glyphs for, read from its character map (the `cmap` table of a
 * TrueType or OpenType file, or of a WOFF 1.0 file's zlib-compressed tables): formats 4 (the Basic
 * Multilingual Plane) and 12 (all of Unicode). A card's text keeps only what its fonts can draw
 * (cardText.ts), so an emoji or a script the fonts lack is left out instead of drawn as a "no glyph" box.
 */
import { inflateSync } from 'node:zlib';

/** Sorted, non-overlapping [first, last] code point ranges. */
export type Coverage = [number, number][];

/** The table `tag` of an sfnt or WOFF font, or null when the file has none. */
function table(font: Buffer, tag: string): Buffer | null {
  const woff = font.toString('latin1', 0, 4) === 'wOFF';
  const count = font.readUInt16BE(woff ? 12 : 4);
  const start = woff ? 44 : 12;
  const size = woff ? 20 : 16;
  for (let i = 0; i < count; i++) {
    const at = start + i * size;
    if (font.toString('latin1', at, at + 4) !== tag) continue;
    if (!woff) return font.subarray(font.readUInt32BE(at + 8), font.readUInt32BE(at + 8) + font.readUInt32BE(at + 12));
    const offset = font.readUInt32BE(at + 4);
    const compressed = font.readUInt32BE(at + 8);
    const length = font.readUInt32BE(at + 12);
    const data = font.subarray(offset, offset + compressed);
    return compressed < length ? inflateSync(data) : data;
  }
  return null;
}

/** The code points `font` maps to glyphs; throws for a file that is no font it can read. */
export function fontCoverage(font: Buffer): Coverage {
  const cmap = table(font, 'cmap');
  if (!cmap) throw new Error('the font has no character map (cmap table)');
  const subtables: { platform: number; encoding: number; offset: number; format: number }[] = [];
  for (let i = 0, n = cmap.readUInt16BE(2); i < n; i++) {
    const at = 4 + i * 8;
    const offset = cmap.readUInt32BE(at + 4);
    subtables.push({ platform: cmap.readUInt16BE(at), encoding: cmap.readUInt16BE(at + 2), offset, format: cmap.readUInt16BE(offset) });
  }
  const unicode = (s: (typeof subtables)[number]) => s.platform === 0 || (s.platform === 3 && (s.encoding === 1 || s.encoding === 10));
  const full = subtables.find((s) => unicode(s) && s.format === 12);
  if (full) return format12(cmap, full.offset);
  const bmp = subtables.find((s) => unicode(s) && s.format === 4);
  if (bmp) return format4(cmap, bmp.offset);
  throw new Error('the font has no Unicode character map of format 4 or 12');
}

function format12(cmap: Buffer, offset: number): Coverage {
  const ranges: Coverage = [];
  for (let i = 0, n = cmap.readUInt32BE(offset + 12); i < n; i++) {
    const at = offset + 16 + i * 12;
    if (cmap.readUInt32BE(at + 8) !== 0) ranges.push([cmap.readUInt32BE(at), cmap.readUInt32BE(at + 4)]);
  }
  return merge(ranges);
}

function format4(cmap: Buffer, offset: number): Coverage {
  const segments = cmap.readUInt16BE(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  const ranges: Coverage = [];
  for (let i = 0; i < segments; i++) {
    const end = cmap.readUInt16BE(ends + i * 2);
    const start = cmap.readUInt16BE(starts + i * 2);
    const delta = cmap.readUInt16BE(deltas + i * 2);
    const rangeOffset = cmap.readUInt16BE(rangeOffsets + i * 2);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      const glyph = rangeOffset === 0 ? (c + delta) & 0xffff : glyphAt(cmap, rangeOffsets + i * 2 + rangeOffset + (c - start) * 2, delta);
      if (glyph !== 0) ranges.push([c, c]);
    }
  }
  return merge(ranges);
}

const glyphAt = (cmap: Buffer, at: number, delta: number): number => {
  const g = cmap.readUInt16BE(at);
  return g === 0 ? 0 : (g + delta) & 0xffff;
};

/** The code points any of several fonts covers. */
export const unionCoverage = (coverages: Coverage[]): Coverage => merge(coverages.flatMap((c) => c.map(([a, b]): [number, number] => [a, b])));

function merge(ranges: Coverage): Coverage {
  ranges.sort((a, b) => a[0] - b[0]);
  const out: Coverage = [];
  for (const [a, b] of ranges) {
    const last = out.at(-1);
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** Whether `coverage` holds the code point `c`. */
export function covers(coverage: Coverage, c: number): boolean {
  let lo = 0;
  let hi = coverage.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = coverage[mid]!;
    if (c < a) hi = mid - 1;
    else if (c > b) lo = mid + 1;
    else return true;
  }
  return false;
}
