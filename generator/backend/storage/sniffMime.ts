/** Image formats told apart by their first bytes. */
const IMAGE_SIGNATURES: Array<[string, (b: Buffer) => boolean]> = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1'))],
  ['image/webp', (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'],
  ['image/avif', (b) => b.subarray(4, 8).toString('latin1') === 'ftyp' && /^(avif|avis)$/.test(b.subarray(8, 12).toString('latin1'))],
  ['image/heic', (b) => b.subarray(4, 8).toString('latin1') === 'ftyp' && /^(heic|heix|hevc|heif|mif1|msf1)$/.test(b.subarray(8, 12).toString('latin1'))],
  ['image/bmp', (b) => b.subarray(0, 2).toString('latin1') === 'BM'],
  ['image/tiff', (b) => ['II*\0', 'MM\0*'].includes(b.subarray(0, 4).toString('latin1'))],
  ['image/x-icon', (b) => b[0] === 0 && b[1] === 0 && (b[2] === 1 || b[2] === 2) && b[3] === 0],
  ['image/svg+xml', (b) => /<svg[\s>]/i.test(b.toString('utf8'))],
];

/** Pure: the image format the bytes start with, or null. */
export function sniffImage(head: Buffer): string | null {
  for (const [type, matches] of IMAGE_SIGNATURES) if (matches(head)) return type;
  return null;
}

/**
 * Pure: do the bytes fit the declared type? Only an image type is checked
 * (the bytes must be an image of some format: a browser or sharp reads a JPEG
 * called image/png, not text called image/png); any other type fits.
 */
export function bytesFitType(mimeType: string, head: Buffer): boolean {
  if (!/^image\//i.test(mimeType)) return true;
  return sniffImage(head) !== null;
}

const BY_EXTENSION: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif', svg: 'image/svg+xml',
  ico: 'image/x-icon', bmp: 'image/bmp', tif: 'image/tiff', tiff: 'image/tiff', pdf: 'application/pdf', json: 'application/json',
  txt: 'text/plain; charset=utf-8', md: 'text/markdown; charset=utf-8', html: 'text/html; charset=utf-8', htm: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8', js: 'text/javascript; charset=utf-8', mjs: 'text/javascript; charset=utf-8', csv: 'text/csv; charset=utf-8',
  xml: 'text/xml; charset=utf-8', mp4: 'video/mp4', webm: 'video/webm', mp3: 'audio/mpeg', wav: 'audio/wav', woff2: 'font/woff2', zip: 'application/zip',
};

/**
 * Pure: the Content-Type of a file of `objects_path`, as the Supabase CLI
 * picks it: what the bytes say (images, PDF), else the extension's type,
 * else text/plain for text and application/octet-stream for the rest.
 */
export function contentTypeOfFile(name: string, head: Buffer): string {
  const image = sniffImage(head);
  if (image && image !== 'image/svg+xml') return image;
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  const known = BY_EXTENSION[/\.([^./]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''];
  if (known) return known;
  return head.includes(0) ? 'application/octet-stream' : 'text/plain; charset=utf-8';
}
