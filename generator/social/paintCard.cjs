/**
 * The one place a card becomes a PNG: satori lays the element tree out and writes an SVG (text as paths,
 * in the site's fonts), sharp (librsvg, libpng) rasterizes and encodes it. Plain CommonJS, so that both
 * the build's card workers (cardWorker.cjs, run without a bundle) and the generator's own code (through
 * drawSocialImage.ts) draw with the same code. satori and sharp are the caller's to load (a bundle
 * resolves them its own way): a build that makes no image never loads them.
 */
'use strict';

const WIDTH = 1200;
const HEIGHT = 630;

/** zlib level 6 without adaptive filtering (sharp's default): measured best for time against bytes (docs/media.md). */
const PNG_OPTIONS = Object.freeze({ compressionLevel: 6, adaptiveFiltering: false });

/** White under the SVG's first element: an opaque image without a flatten pass. */
const onWhite = (svg) => Buffer.from(svg.replace(/^<svg[^>]*>/, (open) => `${open}<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`));

/** A module's default export, however the module was loaded. */
function defaultExport(mod) {
  let value = mod;
  for (let i = 0; i < 2 && typeof value !== 'function'; i++) value = value && value.default;
  if (typeof value !== 'function') throw new Error('satori or sharp did not load as expected');
  return value;
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
  return async (element) => {
    const svg = await satori(element, options);
    return sharp(onWhite(svg)).removeAlpha().png(PNG_OPTIONS).toBuffer();
  };
}

module.exports = { cardPainter, PNG_OPTIONS, WIDTH, HEIGHT };
