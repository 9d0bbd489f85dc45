/**
 * The manifest entries of content images another shard encodes: what a page needs of an image (its
 * size, its variants' URLs) follows from the source's bytes and header alone, named as the image stage
 * names them (generator/images/contentImages.ts), so a shard links the variants of images it does not make.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentHash, hashParts } from '../core/contentHash.ts';
import { SiteError } from '../core/errors.ts';
import { chooseWidths } from '../images/chooseWidths.ts';
import { EXTENSION, MIME, imageInfo } from '../images/encodeImage.ts';
import { DEFAULT_SIZES, DEFAULT_WIDTHS, type ImageManifest, type ImageOptions } from '../images/imageTypes.ts';
import type { NamedImage } from '../images/namedImages.ts';
import { baseName, formatsFor, PACK_KEY } from '../images/contentImages.ts';

export async function planImages(refs: readonly NamedImage[], contentDir: string, options: ImageOptions = {}): Promise<ImageManifest> {
  const widths = options.widths ?? DEFAULT_WIDTHS;
  const manifest: ImageManifest = {};
  for (const ref of refs) {
    const abs = path.join(contentDir, ref.src);
    const bytes = await readFile(abs).catch(() => {
      throw new SiteError('ImageFileMissing', { file: ref.file, line: ref.line, src: ref.src, path: path.relative(process.cwd(), abs) || abs });
    });
    const key = hashParts([PACK_KEY, contentHash(bytes), JSON.stringify([...widths])]);
    const stem = `/assets/images/${baseName(ref.src)}-${key.slice(0, 8)}`;
    const info = await imageInfo(bytes).catch((e: unknown) => {
      throw new SiteError('ImageUnreadable', { path: path.relative(process.cwd(), abs) || abs, file: ref.file, line: ref.line, reason: String((e as Error).message ?? e).split('\n')[0]!.replace(/\.$/, '') });
    });
    const copied = info.format === 'svg' || info.format === 'gif';
    const kind = info.format === 'gif' ? 'gif' : 'svg';
    const formats = copied
      ? [{ type: MIME[kind], files: [{ url: `${stem}-${info.width}.${EXTENSION[kind]}`, width: info.width }] }]
      : formatsFor(info.format).map((format) => ({ type: MIME[format], files: chooseWidths(info.width, widths).map((width) => ({ url: `${stem}-${width}.${EXTENSION[format]}`, width })) }));
    manifest[ref.src] = { src: ref.src, width: info.width, height: info.height, hash: key, formats, sizes: options.sizes ?? DEFAULT_SIZES };
  }
  return manifest;
}
