/**
 * A card's SVG (satori's: one flat run of elements, painted in order) in two layers: the background, every
 * element up to the last one fillPaths.cjs cannot paint (a gradient, an image, a clip, a mask, a shadow),
 * which librsvg rasterizes and the painter keeps by its text; and the layer above it, the plain shapes
 * painted after all of those (text drawn as paths, and boxes of one solid color), which the painter fills
 * itself. Painted in that order, the two make the card as one pass would: every element keeps its place
 * in the order. What sets the background apart from one card to the next is thus whatever precedes the
 * last gradient or image: for most cards, nothing. Pure.
 */
'use strict';

/** Elements that define what others paint with and paint nothing themselves. */
const DEFINITIONS = new Set(['defs', 'mask', 'clipPath', 'linearGradient', 'radialGradient', 'pattern', 'filter', 'symbol', 'marker', 'title', 'desc']);
/** Path data fillPaths.cjs reads: lines and Bézier curves, no arcs. */
const PLAIN_PATH = /^[MmLlHhVvQqTtCcSsZz0-9\s,.eE+-]*$/;
/** Attributes a plain shape may have (x, y, width and height of a path are satori's notes: SVG ignores them). */
const PATH_ATTRIBUTES = new Set(['d', 'fill', 'x', 'y', 'width', 'height']);
const RECT_ATTRIBUTES = new Set(['fill', 'x', 'y', 'width', 'height']);

/**
 * The elements at the top of `body` (the SVG's content): each with its name, attributes, children (for a
 * group) and where it starts and ends. Null when the text is not one run of well-formed elements.
 */
function elementsOf(body) {
  const out = [];
  let i = 0;
  while (i < body.length) {
    if (/\s/.test(body[i])) {
      i++;
      continue;
    }
    if (body[i] !== '<') return null;
    const open = openTag(body, i);
    if (!open) return null;
    let end = open.end;
    let children = null;
    if (!open.closed) {
      const close = closing(body, open.end, open.name);
      if (close < 0) return null;
      if (open.name === 'g') children = elementsOf(body.slice(open.end, close));
      end = close + open.name.length + 3;
    }
    out.push({ name: open.name, attrs: open.attrs, children, start: i, end });
    i = end;
  }
  return out;
}

const ATTRIBUTE = /\s*([A-Za-z_:][-\w:.]*)="([^"]*)"/y;
const TAG_END = /\s*(\/?)>/y;

/** The open tag at `i`: its name, attributes, whether it closes itself and where it ends. */
function openTag(text, i) {
  const name = /^<([A-Za-z][\w:-]*)/.exec(text.slice(i, i + 64));
  if (!name) return null;
  let at = i + name[0].length;
  const attrs = {};
  for (;;) {
    TAG_END.lastIndex = at;
    const end = TAG_END.exec(text);
    if (end) return { name: name[1], attrs, closed: end[1] === '/', end: TAG_END.lastIndex };
    ATTRIBUTE.lastIndex = at;
    const attr = ATTRIBUTE.exec(text);
    if (!attr) return null;
    attrs[attr[1]] = attr[2];
    at = ATTRIBUTE.lastIndex;
  }
}

/** Where the element named `name` opened before `from` closes (its `</name>`), counting nested ones; -1 if never. */
function closing(text, from, name) {
  const tags = /<(\/?)([A-Za-z][\w:-]*)[^>]*?(\/?)>/g;
  tags.lastIndex = from;
  let depth = 1;
  for (let m = tags.exec(text); m; m = tags.exec(text)) {
    if (m[3] === '/') continue;
    if (m[1] === '/') depth--;
    else depth++;
    if (depth === 0) return m[2] === name ? m.index : -1;
  }
  return -1;
}

const NAMED = { black: [0, 0, 0, 255], white: [255, 255, 255, 255], transparent: [0, 0, 0, 0] };

/** A solid fill as [r, g, b, a] (0-255), or null for anything else (a gradient, currentColor, a name). */
function solidColor(fill) {
  if (fill === undefined) return null;
  const value = fill.trim().toLowerCase();
  if (NAMED[value]) return NAMED[value];
  let m = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value);
  if (m) {
    const hex = m[1].length <= 4 ? [...m[1]].map((c) => c + c).join('') : m[1];
    const parts = hex.match(/../g).map((h) => parseInt(h, 16));
    return [parts[0], parts[1], parts[2], parts[3] ?? 255];
  }
  m = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)(%?)\s*)?\)$/.exec(value);
  if (!m) return null;
  const channel = (v) => Math.max(0, Math.min(255, Math.round(Number(v))));
  const alpha = m[4] === undefined ? 1 : Number(m[4]) / (m[5] ? 100 : 1);
  return [channel(m[1]), channel(m[2]), channel(m[3]), Math.max(0, Math.min(255, Math.round(alpha * 255)))];
}

const onlyAttributes = (attrs, allowed) => Object.keys(attrs).every((a) => allowed.has(a));

/** The plain shapes an element paints (path data and a color each, in order), or null when it is not plain. */
function plainShapes(el) {
  if (el.name === 'g') {
    if (Object.keys(el.attrs).length || !el.children) return null;
    const shapes = [];
    for (const child of el.children) {
      if (DEFINITIONS.has(child.name)) return null;
      const inner = plainShapes(child);
      if (!inner) return null;
      shapes.push(...inner);
    }
    return shapes;
  }
  const color = solidColor(el.attrs.fill);
  if (!color) return null;
  if (el.name === 'path' && !el.children && onlyAttributes(el.attrs, PATH_ATTRIBUTES) && PLAIN_PATH.test(el.attrs.d ?? '')) return [{ d: el.attrs.d, color }];
  if (el.name === 'rect' && !el.children && onlyAttributes(el.attrs, RECT_ATTRIBUTES)) {
    const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((k) => Number(el.attrs[k] ?? 0));
    if (![x, y, w, h].every(Number.isFinite) || w < 0 || h < 0) return null;
    return [{ d: `M${x} ${y}H${x + w}V${y + h}H${x}Z`, color }];
  }
  return null;
}

/** Definitions no painted element of `elements` refers to (url(#id)), directly or through another definition. */
function unused(elements, text) {
  const ids = new Map();
  for (const el of elements) if (DEFINITIONS.has(el.name) && el.attrs.id) ids.set(el.attrs.id, el);
  const used = new Set();
  const refer = (chunk) => {
    for (const m of chunk.matchAll(/url\(#([^)]+)\)|href="#([^"]+)"/g)) {
      const id = m[1] ?? m[2];
      if (used.has(id) || !ids.has(id)) continue;
      used.add(id);
      const def = ids.get(id);
      refer(text.slice(def.start, def.end));
    }
  };
  for (const el of elements) if (!DEFINITIONS.has(el.name)) refer(text.slice(el.start, el.end));
  return new Set(elements.filter((el) => DEFINITIONS.has(el.name) && el.attrs.id && !used.has(el.attrs.id)));
}

/**
 * The card's layers: `background`, an SVG of everything below the plain layer (without definitions
 * nothing uses, so cards that differ only in those share it), and `layer`, the plain shapes above it in
 * the order they are painted. Null when the SVG is not one satori writes for a `width` x `height` card
 * (its root names that size in pixels, and nothing else) or not one run of elements: the caller paints
 * it whole.
 */
function cardLayers(svg, width, height) {
  const root = `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">`;
  if (!svg.startsWith(root) || !svg.endsWith('</svg>')) return null;
  const body = svg.slice(root.length, -'</svg>'.length);
  const elements = elementsOf(body);
  if (!elements) return null;
  const shapes = elements.map((el) => (DEFINITIONS.has(el.name) ? [] : plainShapes(el)));
  let first = elements.length;
  while (first > 0 && shapes[first - 1]) first--;
  const below = elements.filter((el, i) => i < first || DEFINITIONS.has(el.name));
  const drop = unused(below, body);
  const background = root + below.filter((el) => !drop.has(el)).map((el) => body.slice(el.start, el.end)).join('') + '</svg>';
  return { background, layer: shapes.slice(first).flat() };
}

module.exports = { cardLayers, solidColor };
