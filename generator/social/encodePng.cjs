/**
 * A PNG of 8-bit RGB scanlines: the image's rows as they are (each row a 0, for no filter, then its
 * pixels: a card's gradient compresses best unfiltered, each row repeating the one above a pixel on),
 * deflated whole by zlib at LEVEL. The bytes depend on the pixels alone. Pure.
 */
'use strict';

const zlib = require('node:zlib');

/**
 * zlib's level: level 3 takes under half the CPU of level 6 on a card of this site, for PNGs two thirds
 * larger (docs/media.md, "What it costs").
 */
const LEVEL = 3;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG chunk: its length, type, data, and the CRC-32 of type and data. */
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(type)) >>> 0, 0);
  return [head, data, crc];
}

/**
 * The PNG of a `width` x `height` RGB image given as its scanlines: `height` rows of 1 + width * 3 bytes,
 * each a 0 (no filter) and then the row's pixels.
 */
function encodePng(scanlines, width, height) {
  if (scanlines.length !== (1 + width * 3) * height) throw new Error(`expected ${height} rows of ${1 + width * 3} bytes`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB; compression, filter method and interlace 0
  const data = zlib.deflateSync(scanlines, { level: LEVEL });
  return Buffer.concat([SIGNATURE, ...chunk('IHDR', header), ...chunk('IDAT', data), ...chunk('IEND', Buffer.alloc(0))]);
}

module.exports = { encodePng, LEVEL };
