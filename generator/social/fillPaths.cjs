/**
 * Fills SVG path data with one solid color onto an RGB image, in JavaScript: what a card's text costs
 * instead of a pass through librsvg. Curves are cut into lines within TOLERANCE of a pixel, and each
 * pixel gets the exact share of its area the shape covers (signed areas accumulated along each row, as
 * font rasterizers do), under SVG's default fill rule, nonzero: a glyph's counters, drawn the other way
 * round, stay open, and outlines that overlap (two glyphs kerned into each other) are counted once.
 * Pure apart from the image it paints on.
 */
'use strict';

/** How far a cut curve may stray from the true one, in pixels. */
const TOLERANCE = 0.05;

/** Path data commands this fill reads: lines and Bézier curves, absolute or relative (no arcs). */
const COMMANDS = /^[MmLlHhVvQqTtCcSsZz]$/;
const COMMAND = /[\s,]*([A-Za-z])/y;

/** Where the separators (white space, commas) from `i` end. */
function skipSeparators(d, i) {
  for (let c = d.charCodeAt(i); c === 32 || c === 44 || c === 10 || c === 9 || c === 13; c = d.charCodeAt(++i));
  return i;
}

const isDigit = (c) => c >= 48 && c <= 57;

/** Where the number at `i` ends (`i` when there is none): a sign, digits, a point and digits, an exponent. */
function numberEnd(d, i) {
  let j = i;
  let c = d.charCodeAt(j);
  if (c === 43 || c === 45) c = d.charCodeAt(++j);
  let digits = 0;
  for (; isDigit(c); c = d.charCodeAt(++j)) digits++;
  if (c === 46) for (c = d.charCodeAt(++j); isDigit(c); c = d.charCodeAt(++j)) digits++;
  if (!digits) return i;
  if (c === 101 || c === 69) {
    let k = j + 1;
    let e = d.charCodeAt(k);
    if (e === 43 || e === 45) e = d.charCodeAt(++k);
    if (isDigit(e)) {
      for (; isDigit(e); e = d.charCodeAt(++k));
      j = k;
    }
  }
  return j;
}

/** The length of a vector (Math.hypot, without its cost). */
const length = (dx, dy) => Math.sqrt(dx * dx + dy * dy);

/**
 * The path data as line segments, x0, y0, x1, y1 each, one after the other in a Float64Array: every
 * subpath closed, as filling closes them, and lines along a row left out (they bound no area). Null
 * when the data holds a command this fill does not read (an arc) or does not parse.
 */
function pathSegments(d) {
  let out = new Float64Array(256);
  let count = 0;
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  // The last curve's second control point, for the smooth curves (T, S), and which kind it was.
  let cx = 0;
  let cy = 0;
  let last = '';
  const line = (nx, ny) => {
    if (ny !== y) {
      if (count + 4 > out.length) {
        const grown = new Float64Array(out.length * 2);
        grown.set(out);
        out = grown;
      }
      out[count++] = x;
      out[count++] = y;
      out[count++] = nx;
      out[count++] = ny;
    }
    x = nx;
    y = ny;
  };
  // Curves as `n` lines, n chosen so that none strays from the curve by more than TOLERANCE.
  const quad = (x1, y1, x2, y2) => {
    const [x0, y0] = [x, y];
    const n = Math.max(1, Math.ceil(Math.sqrt(length(x0 - 2 * x1 + x2, y0 - 2 * y1 + y2) / (4 * TOLERANCE))));
    for (let k = 1; k <= n; k++) {
      const t = k / n;
      const u = 1 - t;
      line(u * u * x0 + 2 * u * t * x1 + t * t * x2, u * u * y0 + 2 * u * t * y1 + t * t * y2);
    }
    [cx, cy] = [x1, y1];
  };
  const cubic = (x1, y1, x2, y2, x3, y3) => {
    const [x0, y0] = [x, y];
    const dd = Math.max(length(x0 - 2 * x1 + x2, y0 - 2 * y1 + y2), length(x1 - 2 * x2 + x3, y1 - 2 * y2 + y3));
    const n = Math.max(1, Math.ceil(Math.sqrt((0.75 * dd) / TOLERANCE)));
    for (let k = 1; k <= n; k++) {
      const t = k / n;
      const u = 1 - t;
      line(u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3, u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3);
    }
    [cx, cy] = [x2, y2];
  };
  let i = 0;
  const num = () => {
    i = skipSeparators(d, i);
    const end = numberEnd(d, i);
    const value = end === i ? NaN : Number(d.slice(i, end));
    i = end;
    return value;
  };
  const more = () => {
    const at = skipSeparators(d, i);
    return numberEnd(d, at) > at;
  };
  for (;;) {
    COMMAND.lastIndex = i;
    const m = COMMAND.exec(d);
    if (!m) break;
    const c = m[1];
    if (!COMMANDS.test(c)) return null;
    i = COMMAND.lastIndex;
    const C = c.toUpperCase();
    const relative = c !== C;
    if (C === 'Z') {
      line(startX, startY);
      last = C;
      continue;
    }
    let first = true;
    do {
      const ox = relative ? x : 0;
      const oy = relative ? y : 0;
      // A smooth curve's first control point: the last one's reflected, after a curve of its kind.
      const smooth = (kind) => (last === kind ? [2 * x - cx, 2 * y - cy] : [x, y]);
      if (C === 'M' && first) {
        // A new subpath closes the last one, as filling does.
        line(startX, startY);
        x = startX = num() + ox;
        y = startY = num() + oy;
      } else if (C === 'M' || C === 'L') line(num() + ox, num() + oy);
      else if (C === 'H') line(num() + ox, y);
      else if (C === 'V') line(x, num() + oy);
      else if (C === 'Q') quad(num() + ox, num() + oy, num() + ox, num() + oy);
      else if (C === 'T') quad(...smooth('Q'), num() + ox, num() + oy);
      else if (C === 'C') cubic(num() + ox, num() + oy, num() + ox, num() + oy, num() + ox, num() + oy);
      else cubic(...smooth('C'), num() + ox, num() + oy, num() + ox, num() + oy);
      if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(cx) || !Number.isFinite(cy)) return null;
      last = C === 'T' ? 'Q' : C === 'S' ? 'C' : C;
      first = false;
    } while (more());
  }
  if (skipSeparators(d, i) !== d.length) return null;
  line(startX, startY);
  return out.subarray(0, count);
}

/** The accumulation buffer, reused from fill to fill (one per thread: fills never overlap in time). */
let cells = new Float32Array(0);

/**
 * Adds the signed area a line leaves on its right to the cells of the rows it crosses: `stride` cells a
 * row, `h` rows (the line clipped to them), x already clamped to [0, stride - 2]. Each cell gets what
 * the line covers of it; the cells after it, summed along the row, what lies to the line's right.
 */
function accumulate(acc, stride, h, x0, y0, x1, y1) {
  if (y0 === y1) return;
  let dir = 1;
  if (y0 > y1) {
    dir = -1;
    [x0, y0, x1, y1] = [x1, y1, x0, y0];
  }
  const dxdy = (x1 - x0) / (y1 - y0);
  const yEnd = Math.min(h, Math.ceil(y1));
  for (let y = Math.max(0, Math.floor(y0)); y < yEnd; y++) {
    const top = Math.max(y, y0);
    const bottom = Math.min(y + 1, y1);
    // The height of the row the line crosses, signed by its direction.
    const dy = (bottom - top) * dir;
    const xa = x0 + (top - y0) * dxdy;
    const xb = x0 + (bottom - y0) * dxdy;
    const lo = Math.min(xa, xb);
    const hi = Math.max(xa, xb);
    const row = y * stride;
    const first = Math.floor(lo);
    const end = Math.ceil(hi);
    if (end <= first + 1) {
      // Within one column: split where the line crosses the row's middle.
      const xm = 0.5 * (xa + xb) - first;
      acc[row + first] += dy * (1 - xm);
      acc[row + first + 1] += dy * xm;
      continue;
    }
    // Across columns: the area of the triangle on the line's right, column by column.
    const s = 1 / (hi - lo);
    const f0 = lo - first;
    const a0 = 0.5 * s * (1 - f0) * (1 - f0);
    const f1 = hi - end + 1;
    const am = 0.5 * s * f1 * f1;
    acc[row + first] += dy * a0;
    if (end === first + 2) acc[row + first + 1] += dy * (1 - a0 - am);
    else {
      const a1 = s * (1.5 - f0);
      acc[row + first + 1] += dy * (a1 - a0);
      for (let xi = first + 2; xi < end - 1; xi++) acc[row + xi] += dy * s;
      const a2 = a1 + (end - first - 3) * s;
      acc[row + end - 1] += dy * (1 - a2 - am);
    }
    acc[row + end] += dy * am;
  }
}

/**
 * accumulate() for a line that leaves the columns [0, w]: cut where it crosses their edges, and each
 * piece outside moved onto the edge it is beyond. A piece left of the image still bounds the area the
 * pixels right of it are in; one right of it, only cells no pixel sums.
 */
function accumulateClipped(acc, stride, h, w, x0, y0, x1, y1) {
  const cuts = [];
  for (const edge of [0, w]) if ((x0 - edge) * (x1 - edge) < 0) cuts.push((edge - x0) / (x1 - x0));
  cuts.sort((a, b) => a - b).push(1);
  const clamp = (x) => (x < 0 ? 0 : x > w ? w : x);
  let px = x0;
  let py = y0;
  for (const t of cuts) {
    const nx = t === 1 ? x1 : x0 + t * (x1 - x0);
    const ny = t === 1 ? y1 : y0 + t * (y1 - y0);
    accumulate(acc, stride, h, clamp(px), py, clamp(nx), ny);
    px = nx;
    py = ny;
  }
}

/** t / 255, rounded, for t in 0..65025. */
const div255 = (t) => {
  const u = t + 128;
  return (u + (u >> 8)) >> 8;
};

/**
 * Fills line segments (pathSegments') with `color` ([r, g, b, a], 0-255) onto `image`: `height` rows of
 * `stride` bytes, each a PNG scanline (a filter byte, then `width` RGB pixels). Returns whether it
 * painted a pixel's worth of area.
 */
function fillSegments(image, width, height, stride, segments, color) {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let k = 0; k < segments.length; k += 2) {
    minX = Math.min(minX, segments[k]);
    maxX = Math.max(maxX, segments[k]);
    minY = Math.min(minY, segments[k + 1]);
    maxY = Math.max(maxY, segments[k + 1]);
  }
  const left = Math.max(0, Math.floor(minX));
  const top = Math.max(0, Math.floor(minY));
  const w = Math.min(width, Math.ceil(maxX) + 1) - left;
  const h = Math.min(height, Math.ceil(maxY) + 1) - top;
  if (w <= 0 || h <= 0 || color[3] === 0) return false;
  // Two spare cells a row: what lies right of the image, and the cell after the last one a line touches.
  const cellStride = w + 2;
  if (cells.length < cellStride * h) cells = new Float32Array(Math.max(cellStride * h, cells.length * 2));
  const acc = cells;
  acc.fill(0, 0, cellStride * h);
  for (let k = 0; k < segments.length; k += 4) {
    const y0 = segments[k + 1] - top;
    const y1 = segments[k + 3] - top;
    if ((y0 <= 0 && y1 <= 0) || (y0 >= h && y1 >= h)) continue;
    const x0 = segments[k] - left;
    const x1 = segments[k + 2] - left;
    if (x0 >= 0 && x1 >= 0 && x0 <= w && x1 <= w) accumulate(acc, cellStride, h, x0, y0, x1, y1);
    else accumulateClipped(acc, cellStride, h, w, x0, y0, x1, y1);
  }
  const [r, g, b, a] = color;
  for (let y = 0; y < h; y++) {
    const row = y * cellStride;
    const pixels = (top + y) * stride + 1 + left * 3;
    let sum = 0;
    for (let x = 0; x < w; x++) {
      sum += acc[row + x];
      // Nonzero: any winding covers the pixel whole.
      const cover = Math.min(1, Math.abs(sum));
      // The mask's byte, as cairo's: the pixel's coverage times the color's alpha, 0-255.
      const m = Math.round(cover * a);
      if (m === 0) continue;
      const p = pixels + x * 3;
      image[p] = div255(r * m + image[p] * (255 - m));
      image[p + 1] = div255(g * m + image[p + 1] * (255 - m));
      image[p + 2] = div255(b * m + image[p + 2] * (255 - m));
    }
  }
  return true;
}

module.exports = { pathSegments, fillSegments, TOLERANCE };
