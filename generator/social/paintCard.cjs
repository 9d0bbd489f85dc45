/**
 * The one place a card becomes a PNG. satori lays the element tree out and writes an SVG (text as paths,
 * in the site's fonts), which is painted in two layers (cardLayers.cjs): the background (the gradient,
 * the logo: everything up to the last element only librsvg paints) is rasterized by sharp (librsvg)
 * once per distinct background and kept; the plain shapes above it (the text, boxes of one color) are
 * filled onto a copy of it in JavaScript (fillPaths.cjs), and the pixels are encoded as a PNG by zlib
 * (encodePng.cjs). An SVG the fill cannot paint exactly (another root, an arc above the last gradient)
 * is rasterized whole by librsvg. A card's bytes depend on the card alone, never on what was drawn
 * before it. Plain CommonJS, so that both the build's card workers (cardWorker.cjs, run without a
 * bundle) and the generator's own code (through drawSocialImage.ts) draw with the same code. satori and
 * sharp are the caller's to load (a bundle resolves them its own way): a build that makes no image never
 * loads them.
 */
'use strict';

const { cardLayers } = require('./cardLayers.cjs');
const { encodePng, LEVEL } = require('./encodePng.cjs');
const { fillSegments, pathSegments } = require('./fillPaths.cjs');

const WIDTH = 1200;
const HEIGHT = 630;
/** A row of the image: a PNG scanline, its filter byte (0) and its pixels. */
const STRIDE = 1 + WIDTH * 3;

/**
 * What decides a card's bytes besides the card, its fonts and the libraries' versions: part of every
 * image's key (drawSocialImage.ts). `painter` names how the pixels are made: change it with any change
 * to this file, cardLayers.cjs or fillPaths.cjs that can change a pixel, so that no image drawn the old
 * way is taken for a new one.
 */
const PNG_OPTIONS = Object.freeze({ painter: 'layers-1', color: 'rgb', filter: 'none', zlibLevel: LEVEL });

/** Backgrounds kept by their SVG (2.3 MB each): a build's cards share one, or one per kind of card. */
const BACKGROUNDS_KEPT = 4;

/** White under the SVG's first element: an opaque image without a flatten pass. */
const onWhite = (svg) => Buffer.from(svg.replace(/^<svg[^>]*>/, (open) => `${open}<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`));

/** A module's default export, however the module was loaded. */
function defaultExport(mod) {
  let value = mod;
  for (let i = 0; i < 2 && typeof value !== 'function'; i++) value = value && value.default;
  if (typeof value !== 'function') throw new Error('satori or sharp did not load as expected');
  return value;
}

/** RGB pixels as PNG scanlines: each row after a 0 (no filter). */
function scanlines(rgb) {
  const out = Buffer.alloc(STRIDE * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) rgb.copy(out, y * STRIDE + 1, y * WIDTH * 3, (y + 1) * WIDTH * 3);
  return out;
}

/**
 * A function that draws satori elements ({ type, props } trees) with these fonts (name, data, weight,
 * style) as opaque RGB PNGs of WIDTH x HEIGHT, with the satori and sharp modules given (as loaded by
 * import or require). The fonts are parsed once, on the first card.
 */
function cardPainter(satoriModule, sharpModule, fonts) {
  const satori = defaultExport(satoriModule);
  const sharp = defaultExport(sharpModule);
  // Each image is made once: libvips' operation cache would only hold memory.
  sharp.cache(false);
  const options = { width: WIDTH, height: HEIGHT, fonts: fonts.map((f) => ({ name: f.name, data: f.data, weight: f.weight, style: f.style })) };
  const rasterize = async (svg) => scanlines(await sharp(onWhite(svg)).removeAlpha().raw().toBuffer());
  /** SVG -> its pixels (a promise), the most recently used last. */
  const backgrounds = new Map();
  const background = (svg) => {
    let kept = backgrounds.get(svg);
    if (kept) backgrounds.delete(svg);
    else {
      kept = rasterize(svg);
      // A background that failed is not kept: the next card tries again.
      kept.catch(() => backgrounds.get(svg) === kept && backgrounds.delete(svg));
    }
    backgrounds.set(svg, kept);
    if (backgrounds.size > BACKGROUNDS_KEPT) backgrounds.delete(backgrounds.keys().next().value);
    return kept;
  };
  // The image each card is painted on: from the background's copy to the PNG nothing waits, so no
  // other card comes between.
  const image = Buffer.alloc(STRIDE * HEIGHT);
  return async (element) => {
    const svg = await satori(element, options);
    const layers = cardLayers(svg, WIDTH, HEIGHT);
    const paths = layers ? layers.layer.map((shape) => ({ segments: pathSegments(shape.d), color: shape.color })) : [];
    if (!layers || paths.some((p) => !p.segments)) return encodePng(await rasterize(svg), WIDTH, HEIGHT);
    (await background(layers.background)).copy(image);
    for (const p of paths) fillSegments(image, WIDTH, HEIGHT, STRIDE, p.segments, p.color);
    return encodePng(image, WIDTH, HEIGHT);
  };
}

module.exports = { cardPainter, PNG_OPTIONS, WIDTH, HEIGHT };
