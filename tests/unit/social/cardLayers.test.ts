/** A card's SVG in two layers: what librsvg paints once and the plain shapes filled above it, in their order. */
import { describe, expect, it } from 'vitest';
import { cardLayers, solidColor } from '../../../generator/social/cardLayers.cjs';

const ROOT = '<svg width="1200" height="630" viewBox="0 0 1200 630" xmlns="http://www.w3.org/2000/svg">';
const svg = (...elements: string[]) => `${ROOT}${elements.join('')}</svg>`;

// As satori writes them: a gradient in a pattern, masks for overflow, a logo with arcs, text as paths in groups.
const gradient =
  '<defs><pattern id="p0" x="0" y="0" width="1" height="1" patternUnits="objectBoundingBox"><linearGradient id="g0" x1="0" y1="0" x2="1" y2="1"><stop offset="0%" stop-color="#312e81"/><stop offset="100%" stop-color="#6d28d9"/></linearGradient><rect x="0" y="0" width="1200" height="630" fill="url(#g0)"/></pattern></defs><rect x="0" y="0" width="1200" height="630" fill="url(#p0)"/>';
const mask = (id: string) => `<mask id="${id}"><rect x="0" y="0" width="10" height="10" fill="#fff"/></mask>`;
const logo = '<path x="80" y="72" width="64" height="64" fill="#ffffff" d="M94,72 h36 a14,14 0 0 1 14,14 v36 a14,14 0 0 1 -14,14 h-36 Z"/>';
const text = (fill: string, d = 'M10 10L20 10L15 20Z') => `<g><path fill="${fill}" d="${d}"/><path fill="${fill}" d="M30 10Q40 0 50 10Z"/></g>`;

describe('cardLayers', () => {
  it("keeps everything up to the last element only librsvg paints as the background, and the plain shapes after it as the layer, in order", () => {
    const layers = cardLayers(svg(gradient, mask('m0'), logo, mask('m1'), text('#ffffff'), '<rect x="5" y="6" width="7" height="8" fill="rgba(255,255,255,0.5)"/>', text('#fcd34d')), 1200, 630)!;
    expect(layers.background).toBe(svg(gradient, logo));
    expect(layers.layer).toEqual([
      { d: 'M10 10L20 10L15 20Z', color: [255, 255, 255, 255] },
      { d: 'M30 10Q40 0 50 10Z', color: [255, 255, 255, 255] },
      { d: 'M5 6H12V14H5Z', color: [255, 255, 255, 128] },
      { d: 'M10 10L20 10L15 20Z', color: [252, 211, 77, 255] },
      { d: 'M30 10Q40 0 50 10Z', color: [252, 211, 77, 255] },
    ]);
  });

  it('gives cards that differ only in their text, or in definitions nothing paints with, the same background', () => {
    const a = cardLayers(svg(gradient, mask('m0'), logo, text('#ffffff', 'M1 1L2 2L1 3Z')), 1200, 630)!;
    const b = cardLayers(svg(gradient, logo, mask('m7'), text('#ffffff', 'M5 5L6 6L5 7Z')), 1200, 630)!;
    expect(a.background).toBe(b.background);
    expect(a.layer).not.toEqual(b.layer);
  });

  it('keeps a plain shape below an element only librsvg paints in the background, in its place', () => {
    const layers = cardLayers(svg(text('#ffffff'), logo, text('#000000')), 1200, 630)!;
    expect(layers.background).toBe(svg(text('#ffffff'), logo));
    expect(layers.layer.map((s) => s.color)).toEqual([
      [0, 0, 0, 255],
      [0, 0, 0, 255],
    ]);
  });

  it.each([
    ['an arc', '<path fill="#fff" d="M0 0a5 5 0 0 1 10 0Z"/>'],
    ['a gradient fill', '<path fill="url(#g0)" d="M0 0L9 9L0 9Z"/>'],
    ['no fill (black by default)', '<path d="M0 0L9 9L0 9Z"/>'],
    ['fill none and a stroke', '<path fill="none" stroke="#fff" stroke-width="2" d="M0 0L9 9L0 9Z"/>'],
    ['a fill rule', '<path fill="#fff" fill-rule="evenodd" d="M0 0L9 9L0 9Z"/>'],
    ['a transform', '<path fill="#fff" transform="translate(4 4)" d="M0 0L9 9L0 9Z"/>'],
    ['an opacity', '<path fill="#fff" opacity="0.5" d="M0 0L9 9L0 9Z"/>'],
    ['a mask', '<path fill="#fff" mask="url(#m0)" d="M0 0L9 9L0 9Z"/>'],
    ['a group with a clip path', '<g clip-path="url(#c0)"><path fill="#fff" d="M0 0L9 9L0 9Z"/></g>'],
    ['a group holding a definition', '<g><clipPath id="c1"><rect width="4" height="4"/></clipPath><path fill="#fff" d="M0 0L9 9L0 9Z"/></g>'],
    ['a rounded rectangle', '<rect x="0" y="0" width="9" height="9" rx="2" fill="#fff"/>'],
    ['an image', '<image x="0" y="0" width="9" height="9" href="data:image/png;base64,AAAA"/>'],
    ['text as text', '<text x="0" y="9" fill="#fff">Hi</text>'],
    ['a color by name', '<path fill="red" d="M0 0L9 9L0 9Z"/>'],
    ['currentColor', '<path fill="currentColor" d="M0 0L9 9L0 9Z"/>'],
  ])('leaves a shape with %s to librsvg, and what is below it', (_, element) => {
    const layers = cardLayers(svg(gradient, text('#ffffff'), element), 1200, 630)!;
    expect(layers.background).toBe(svg(gradient, text('#ffffff'), element));
    expect(layers.layer).toEqual([]);
  });

  it('answers null for an SVG that is not a card of this size, or not one run of well-formed elements', () => {
    expect(cardLayers(svg(gradient, text('#fff')), 600, 315)).toBeNull();
    expect(cardLayers(svg(gradient, text('#fff')).replace('viewBox="0 0 1200 630"', 'viewBox="0 0 600 315"'), 1200, 630)).toBeNull();
    expect(cardLayers(svg(gradient, text('#fff')).replace('<svg ', '<svg fill="red" '), 1200, 630)).toBeNull();
    expect(cardLayers(svg('<g><path fill="#fff" d="M0 0L1 1Z"/>'), 1200, 630)).toBeNull();
    expect(cardLayers(svg('stray text', text('#fff')), 1200, 630)).toBeNull();
    expect(cardLayers(svg('<!-- a comment -->', text('#fff')), 1200, 630)).toBeNull();
  });
});

describe('solidColor', () => {
  it('reads the colors satori writes as [r, g, b, a], and nothing else', () => {
    expect(solidColor('#fff')).toEqual([255, 255, 255, 255]);
    expect(solidColor('#4F46E5')).toEqual([79, 70, 229, 255]);
    expect(solidColor('#4f46e580')).toEqual([79, 70, 229, 128]);
    expect(solidColor('#0008')).toEqual([0, 0, 0, 136]);
    expect(solidColor('rgb(1, 2, 3)')).toEqual([1, 2, 3, 255]);
    expect(solidColor('rgba(252, 211, 77, 0.9)')).toEqual([252, 211, 77, 230]);
    expect(solidColor('rgba(0,0,0,50%)')).toEqual([0, 0, 0, 128]);
    expect(solidColor('white')).toEqual([255, 255, 255, 255]);
    expect(solidColor('transparent')).toEqual([0, 0, 0, 0]);
    for (const other of [undefined, 'none', 'red', 'currentColor', 'url(#g0)', 'hsl(0, 0%, 0%)', 'rgb(100%, 0%, 0%)', '#12345']) expect(solidColor(other)).toBeNull();
  });
});
