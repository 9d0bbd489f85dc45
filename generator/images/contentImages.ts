/**
 * The image stage, after the content is read and before pages render: every image the content names
 * (list entries' imageRefs, the site's own files' images) is hashed (read again only when its stamp
 * changed since the last build hashed it, as the build's other inputs); what the build cache
 * lacks is encoded with sharp (AVIF, WebP and the source's own format, at each width up to the
 * source's; GIF is copied, SVG copied as drawing only: images/sanitizeSvg.ts; the format is the
 * bytes', never the name's), a bounded number at a time; the manifest (source -> variants)
 * goes to the renderers. Variants are stored in the build cache, content-addressed
 * (<cache>/images/<name>-<hash8>-<width>.<ext>, named by the source's bytes and the encoder settings),
 * recorded with their SHA-256 and stamp in the `images` pack, and linked (or copied) into the output
 * as assets/images/<same name>: an unchanged image is never encoded again.
 */
import { copyFileSync, linkSync, mkdirSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../core/writeFileAtomic.ts';
import { readdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { BuildCache } from '../cache/BuildCache.ts';
import { Pack } from '../cache/Pack.ts';
import { contentHash, hashParts } from '../core/contentHash.ts';
import { RACY_MS, stampAt, stampTime } from '../core/stampOf.ts';
import { SiteError } from '../core/errors.ts';
import { contentOnly, linkChecker, type LinkPolicy } from '../core/contentLinks.ts';
import { chooseWidths } from './chooseWidths.ts';
import { ENCODER, EXTENSION, MIME, encodeVariant, imageInfo, type Format } from './encodeImage.ts';
import type { NamedImage } from './namedImages.ts';
import { sanitizeSvg } from './sanitizeSvg.ts';
import { DEFAULT_SIZES, DEFAULT_WIDTHS, MAX_PIXELS, type ImageManifest, type ImageOptions, type ResponsiveImage } from './imageTypes.ts';

export interface ContentImagesInput {
  contentDir: string;
  cache: BuildCache;
  /** Every image the content names, each with the file that names it. */
  refs: NamedImage[];
  options?: ImageOptions;
  /** What a symbolic link on an image's path may lead to (core/contentLinks.ts); default: inside the content folder. */
  links?: LinkPolicy;
}

export interface ContentImagesResult {
  manifest: ImageManifest;
  /** Output files (assets/images/...) and the stored file each is linked from. */
  files: { file: string; from: string; bytes: number }[];
  /** The sources as read, for the build record: content-relative path, stamp before reading, hash of the bytes. */
  inputs: [string, string, string][];
  encoded: number;
  cached: number;
  warnings: string[];
  /** Settles when the images pack is written and unused stored variants are deleted. */
  saved: Promise<void>;
}

/** A stored variant: its file name, and the SHA-256 and stamp it had when stored. */
interface StoredFile {
  name: string;
  width: number;
  bytes: number;
  sha: string;
  stamp: string;
}
interface StoredImage {
  width: number;
  height: number;
  pixels: number;
  formats: { type: string; files: StoredFile[] }[];
}

const PACK = 'images';
/**
 * The pack's entry of the sources as last read: source -> [stamp, hash], and when. A source whose stamp
 * is unchanged (and was not modified within RACY_MS of that read) is not read or hashed again.
 */
const SOURCES = '@sources';
interface SourceStamps {
  read: number;
  files: Record<string, [stamp: string, hash: string]>;
}
/** The pack's key: what its entries were made with. */
export const PACK_KEY = hashParts(['images/1', ENCODER]);

/** The formats of a source, its own last (the <img> fallback). */
export const formatsFor = (format: string): Format[] =>
  format === 'jpeg' ? ['avif', 'webp', 'jpeg'] : format === 'png' ? ['avif', 'webp', 'png'] : ['avif', 'webp'];

/** A source's name in its variants' names: its file name, lower case, letters, digits and dashes. */
export const baseName = (src: string) =>
  path.posix
    .basename(src)
    .replace(/\.[^.]+$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'image';

/** Runs `tasks` with at most `limit` at once. */
async function bounded<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
  return results;
}

/** A source as read: its stamp before reading, its hash, and its bytes (read again only if it must be encoded). */
interface SourceRead {
  ref: NamedImage;
  abs: string;
  stamp: string;
  bytes: () => Promise<Buffer>;
  hash: string;
  /** Hashed now (new, changed, or modified too recently to trust its stamp). */
  hashed: boolean;
}

/** Every source's stamp and hash: from the last read where its stamp is unchanged, else read and hashed now. */
function readSources(refs: NamedImage[], contentDir: string, links: LinkPolicy, knownSources: SourceStamps | null): Promise<SourceRead[]> {
  const readBytes = (ref: NamedImage, abs: string) =>
    readFile(abs).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT' || e.code === 'EISDIR' || e.code === 'ENOTDIR') {
        throw new SiteError('ImageFileMissing', { file: ref.file, line: ref.line, src: ref.src, path: path.relative(process.cwd(), abs) || abs });
      }
      throw e;
    });
  const check = linkChecker(links);
  return Promise.all(
    refs.map(async (ref): Promise<SourceRead> => {
      const abs = path.join(contentDir, ref.src);
      // An image reached through a link (itself, or a folder on its path) stays inside the site.
      check.file(abs, { file: ref.file, line: ref.line, src: ref.src });
      // The stamp before reading: an edit after it shows as a change next time.
      const stamp = stampAt(abs);
      const known = stamp ? knownSources?.files[ref.src] : undefined;
      if (known && known[0] === stamp && stampTime(stamp) < knownSources!.read - RACY_MS) {
        // Unchanged since it was hashed: its bytes are read only if it has to be encoded.
        return { ref, abs, stamp, bytes: () => readBytes(ref, abs), hash: known[1], hashed: false };
      }
      const bytes = await readBytes(ref, abs);
      return { ref, abs, stamp: stamp ?? 'missing', bytes: async () => bytes, hash: contentHash(bytes), hashed: true };
    }),
  );
}

/** An SVG source as it may be published (images/sanitizeSvg.ts): what was removed is a warning; one it cannot read, ImageSvgRefused. */
function safeSvg(bytes: Buffer, { ref, abs }: SourceRead, warn: (line: string) => void): Buffer {
  const result = sanitizeSvg(bytes.toString('utf8'));
  if (!result.ok) throw new SiteError('ImageSvgRefused', { path: path.relative(process.cwd(), abs) || abs, file: ref.file, line: ref.line, reason: result.reason });
  if (!result.removed.length) return bytes;
  warn(`${ref.src}: published without ${result.removed.join(', ')} (an SVG is published as drawing only: docs/media.md)`);
  return Buffer.from(result.svg);
}

/**
 * A source's variants, stored: SVG and GIF copied as they are, other formats encoded (AVIF, WebP and
 * the source's own format) at each width up to the source's, `limit` at a time.
 */
async function encodeSource(
  source: SourceRead,
  hash8: string,
  widths: readonly number[],
  limit: number,
  store: (name: string, bytes: Buffer, width: number) => StoredFile,
  warn: (line: string) => void,
): Promise<StoredImage> {
  const { ref, abs, hash } = source;
  const name = baseName(ref.src);
  const bytes = await source.bytes();
  // Changed since it was hashed (between the stamp and now): the build sees it next time.
  if (contentHash(bytes) !== hash) throw new SiteError('ContentChangedDuringBuild', { file: ref.src });
  let info;
  try {
    info = await imageInfo(bytes);
  } catch (e) {
    throw new SiteError('ImageUnreadable', {
      path: path.relative(process.cwd(), abs) || abs,
      file: ref.file,
      line: ref.line,
      reason: String((e as Error).message ?? e).split('\n')[0]!.replace(/\.$/, ''),
    });
  }
  const pixels = info.width * info.height;
  // What the bytes are, not what the name says: an SVG named .png is an SVG, a PNG named .svg a PNG.
  if (info.format === 'svg' || info.format === 'gif') {
    const kind = info.format;
    const published = kind === 'svg' ? safeSvg(bytes, source, warn) : bytes;
    return { width: info.width, height: info.height, pixels, formats: [{ type: MIME[kind], files: [store(`${name}-${hash8}-${info.width}.${EXTENSION[kind]}`, published, info.width)] }] };
  }
  const sizes = chooseWidths(info.width, widths);
  const jobs = formatsFor(info.format).map((format) => ({
    format,
    files: sizes.map((width) => async () => store(`${name}-${hash8}-${width}.${EXTENSION[format]}`, await encodeVariant(bytes, width, format), width)),
  }));
  const made = await bounded(
    jobs.flatMap((j) => j.files),
    limit,
  );
  let i = 0;
  return { width: info.width, height: info.height, pixels, formats: jobs.map((j) => ({ type: MIME[j.format], files: j.files.map(() => made[i++]!) })) };
}


export async function contentImages({ contentDir, cache, refs, options = {}, links = contentOnly(contentDir) }: ContentImagesInput): Promise<ContentImagesResult> {
  const widths = options.widths ?? DEFAULT_WIDTHS;
  const dir = cache.dir ? path.join(cache.dir, 'images') : null;
  const empty = { manifest: {}, files: [], inputs: [], encoded: 0, cached: 0, warnings: [] };
  if (!refs.length && !(dir && Pack.exists(cache, PACK))) return { ...empty, saved: Promise.resolve() };
  if (dir) mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const opened = Pack.open<StoredImage | SourceStamps>(cache, PACK, PACK_KEY);
  const pack = opened.entries;
  const { [SOURCES]: lastRead, ...stored } = pack as Record<string, StoredImage> & { [SOURCES]?: SourceStamps };
  const knownSources = lastRead && typeof lastRead.read === 'number' && lastRead.files && typeof lastRead.files === 'object' ? lastRead : null;
  const sources: SourceStamps = { read: started, files: {} };
  const kept: Record<string, StoredImage> = {};
  const manifest: ImageManifest = {};
  const files: ContentImagesResult['files'] = [];
  const inputs: ContentImagesResult['inputs'] = [];
  const warnings: string[] = [];
  let encoded = 0;

  /** Whether a stored variant is still what was stored: same stamp, or else the same bytes. */
  const intact = (f: StoredFile) => {
    if (!dir) return false;
    const file = path.join(dir, f.name);
    if (stampAt(file) === f.stamp) return true;
    try {
      return contentHash(readFileSync(file)) === f.sha;
    } catch {
      return false;
    }
  };
  const store = (name: string, bytes: Buffer, width: number): StoredFile => {
    const sha = contentHash(bytes);
    if (!dir) return { name, width, bytes: bytes.byteLength, sha, stamp: '' };
    const file = path.join(dir, name);
    writeFileAtomic(file, bytes);
    return { name, width, bytes: bytes.byteLength, sha, stamp: stampAt(file) ?? '' };
  };

  const limit = Math.max(1, availableParallelism());
  const read = await readSources(refs, contentDir, links, knownSources);
  const work: (() => Promise<void>)[] = [];
  for (const source of read) {
    const { ref, stamp, hash } = source;
    inputs.push([ref.src, stamp, hash]);
    if (stamp !== 'missing') sources.files[ref.src] = [stamp, hash];
    const key = hashParts([PACK_KEY, hash, JSON.stringify([...widths])]);
    const hash8 = key.slice(0, 8);
    const found = Object.hasOwn(stored, key) ? stored[key] : undefined;
    const done = (image: StoredImage) => {
      kept[key] = image;
      if (image.pixels > MAX_PIXELS) {
        warnings.push(`${ref.src} is ${(image.pixels / 1e6).toFixed(1)} megapixels (over ${MAX_PIXELS / 1e6}): it was built, but a smaller export (2400 px wide is plenty) builds faster`);
      }
      const entry: ResponsiveImage = {
        src: ref.src,
        width: image.width,
        height: image.height,
        hash: key,
        formats: image.formats.map((f) => ({ type: f.type, files: f.files.map((v) => ({ url: `/assets/images/${v.name}`, width: v.width })) })),
        sizes: options.sizes ?? DEFAULT_SIZES,
      };
      manifest[ref.src] = entry;
      for (const f of image.formats) for (const v of f.files) if (dir) files.push({ file: `assets/images/${v.name}`, from: path.join(dir, v.name), bytes: v.bytes });
    };
    if (found && Array.isArray(found.formats) && found.formats.every((f) => f.files.every(intact))) {
      done(found);
      continue;
    }
    work.push(async () => {
      done(await encodeSource(source, hash8, widths, limit, store, (line) => warnings.push(line)));
      encoded++;
    });
  }
  // Images one after the other, each image's variants `limit` at a time (sharp's pool does the pixels):
  // a failure names the first broken image, the same one on every build.
  for (const task of work) await task();

  const sameSources =
    knownSources !== null &&
    Object.keys(sources.files).length === Object.keys(knownSources.files).length &&
    Object.entries(sources.files).every(([src, [stamp, hash]]) => knownSources.files[src]?.[0] === stamp && knownSources.files[src]?.[1] === hash);
  // A source hashed now (new, changed, or modified too recently to trust its stamp) is recorded with this read's time.
  const hashedNow = read.some((r) => r.hashed);
  const changed =
    !sameSources ||
    hashedNow || Object.keys(kept).length !== Object.keys(stored).length || Object.keys(kept).some((k) => stored[k] !== kept[k]);
  const keepNames = new Set(Object.values(kept).flatMap((i) => i.formats.flatMap((f) => f.files.map((v) => v.name))));
  const saved = (async () => {
    if (!dir) return;
    if (!changed) return;
    opened.saveNow({ ...kept, [SOURCES]: sameSources && !hashedNow ? knownSources! : sources }, true);
    // Variants of images no content names any more.
    const names = await readdir(dir);
    await Promise.all(names.filter((n) => !keepNames.has(n) && !n.endsWith('.tmp')).map((n) => rm(path.join(dir, n), { force: true })));
  })();
  // Sorted: the manifest is the same whatever order the images were read in.
  const sortedManifest = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
  files.sort((a, b) => a.file.localeCompare(b.file));
  return { manifest: sortedManifest, files, inputs, encoded, cached: read.length - encoded, warnings, saved };
}

/** Puts a stored variant at `target` (the output folder): a hard link, or a copy where links fail. */
export function placeImage(from: string, target: string): void {
  try {
    linkSync(from, target);
  } catch {
    copyFileSync(from, target);
  }
}
