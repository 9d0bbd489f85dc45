/**
 * The record of the last written build, so that `site build` can tell
 * nothing changed since (make's "up to date") without rendering or reading
 * a pack. It holds:
 *   - a key: the generator, its templates and widgets (by content, as
 *     sourceKey), the lock file and the options (folders, site URL, backend);
 *   - every input the build read, each with its stamp (inode, size, mtime)
 *     taken before reading it and the hash of what it read: the site's own
 *     files of its file and record collections (site.json, pages/*.json,
 *     ...), the list of files of each list collection ("blog/"), each
 *     entry, and each content image its pages show (hashed as bytes);
 *   - the stamps of every file and folder of the output it left (a folder's
 *     stamp changes when an entry is added or removed);
 *   - its report (page and file counts, bytes, the JavaScript report, what it held back);
 *   - the earliest date of an entry dated later (held back, or shown marked): from then on, not up to date.
 * An input is unchanged when its stamp is, or else when it still hashes to
 * what the build read (an article saved without a change, a checkout that
 * touched every file, a folder's entries renamed in place by an editor). A
 * stamp is not trusted for an input modified within RACY_MS (stampOf.ts) of the recorded
 * build's start: on a file system with coarse times an edit that soon could
 * leave it unchanged, so such an input is always hashed. The output must
 * still have every stamp. The key is checked last, so a changed article is
 * found before the generator is hashed. Anything else is a full build
 * through the cache, which writes a new record.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { JsReport } from '../assets/checkBudgets.ts';
import type { ResolvedConfig } from '../config.ts';
import { linkPolicy } from '../core/contentLinks.ts';
import { fixedFiles, listCollections, listEntryFiles, type Collections } from '../content/load.ts';
import type { ListCollection } from '../site/defineConfig.ts';
import type { HeldBack } from '../content/selectPublished.ts';
import type { BuildCache } from '../cache/BuildCache.ts';
import { Pack } from '../cache/Pack.ts';
import { contentHash } from '../core/contentHash.ts';
import { RACY_MS, stampAt as stampOrNull, stampTime } from '../core/stampOf.ts';
import { IMAGE_FILE } from '../images/imageTypes.ts';

/** What `site build` prints of a build; an up-to-date check prints it again. */
export interface BuildReport {
  pages: number;
  files: number;
  bytes: number;
  cache: { entries: { parsed: number; cached: number }; pages: { rendered: number; cached: number } };
  workers: number;
  js: JsReport;
  /** The list entries the build left out, when it left any out (content/selectPublished.ts). */
  held?: HeldBack;
  /** Content images encoded vs taken from the cache, when the content names any (images/contentImages.ts). */
  images?: { encoded: number; cached: number };
  /** Social images made and taken from the cache, or 'off' (`--no-social-images`); absent for a site without them. */
  social?: { made: number; cached: number } | 'off';
}

/** Output paths (relative, "/"-separated; folders end in "/", the output folder itself is "./") and their stamps. */
export type StampList = [string, string][];

/** Inputs (relative to the content folder; "blog/" is a list collection's list of files) with their stamp before reading and the hash of what was read. */
export type InputList = [string, string, string][];

interface Record {
  key: string;
  started: number;
  /** The earliest date (ms) of an entry dated later, held back or marked: from then on a build differs. */
  releases?: number;
  inputs: InputList;
  outputs: StampList;
  report: BuildReport;
}

/** The pack, under a fixed key: its own key is checked last, so a changed article is found before the generator is hashed. */
const PACK = 'record';
const PACK_KEY = 'build-record';
const MISSING = 'missing';
/**
 * Whether an input stands for a list collection's list of files: "blog/" for the names of its .md files
 * in order, "docs/**" for a nested list's (its folder's stamp does not see a file added in a subfolder,
 * so a nested list is always listed again and hashed).
 */
export const isFileList = (rel: string): boolean => rel.endsWith('/') || rel.endsWith('/**');
/** The input name of a list collection's list of files. */
export const fileListInput = (list: ListCollection): string => (list.nested ? `${list.dir}/**` : `${list.dir}/`);

const stampAt = (file: string): string => stampOrNull(file) ?? MISSING;

/** The hash of a file list the build reads (listEntryFiles: blog/*.md, sorted). */
export const articleListHash = (files: readonly string[]): string => contentHash(files.join('\n'));

/**
 * The stamps of the file and record collections' files and of each list collection's folder, taken
 * before the build reads them (an edit after this shows as a change afterwards). Entries are stamped as
 * they are read. Nothing else in the content folder is read, so nothing else is recorded.
 */
export function contentStamps(contentDir: string, collections: Collections): Map<string, string> {
  const inputs = [...fixedFiles(collections), ...listCollections(collections).map(([, c]) => fileListInput(c))];
  return new Map(inputs.map((rel) => [rel, rel.endsWith('/**') ? MISSING : stampAt(path.join(contentDir, rel))]));
}

/**
 * The output's stamps once it is in place: every file (`known`: stamps the build already has, such as
 * its pages', taken from the open file) and every folder that holds one, the output folder included.
 */
export function outputStamps(outDir: string, files: Iterable<string>, known: ReadonlyMap<string, string> = new Map()): StampList {
  const list: StampList = [];
  const dirs = new Set<string>(['./']);
  for (const file of files) {
    const rel = file.split(path.sep).join('/');
    list.push([rel, known.get(file) ?? stampAt(path.join(outDir, file))]);
    for (let dir = path.posix.dirname(rel); dir !== '.' && !dirs.has(`${dir}/`); dir = path.posix.dirname(dir)) dirs.add(`${dir}/`);
  }
  for (const dir of dirs) list.push([dir, stampAt(path.join(outDir, dir))]);
  return list;
}

/**
 * Writes the record of a build that has just put its output in place. Synchronously: it is the build's
 * last step, nothing runs beside it, and a pack written through the thread pool keeps the build
 * waiting longer than one written in place.
 */
export function writeBuildRecord(cache: BuildCache, record: Record): void {
  Pack.store(cache, PACK, PACK_KEY, record as unknown as { [k: string]: unknown });
}

/** Whether every output entry still has its stamp. */
function outputsHold(outDir: string, list: unknown): boolean {
  if (!Array.isArray(list) || list.length === 0) return false;
  for (const entry of list as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'string') return false;
    if (entry[1] === MISSING || stampAt(path.join(outDir, entry[0])) !== entry[1]) return false;
  }
  return true;
}

const FOLLOW = (contentDir: string) => linkPolicy(contentDir, contentDir, true);

/** What an input holds now, as the build hashed it; null when it cannot be read. */
function currentHash(contentDir: string, rel: string): string | null {
  try {
    // Links followed: the list a build that succeeded read (it had no link it refused); a new link changes the list.
    if (rel.endsWith('/**')) return articleListHash(listEntryFiles(contentDir, rel.slice(0, -3), true, FOLLOW(contentDir)));
    if (rel.endsWith('/')) return articleListHash(listEntryFiles(contentDir, rel.slice(0, -1), false, FOLLOW(contentDir)));
    // An image is hashed as bytes (images/contentImages.ts); text files as the text the build read.
    return IMAGE_FILE.test(rel) ? contentHash(readFileSync(path.join(contentDir, rel))) : contentHash(readFileSync(path.join(contentDir, rel), 'utf8'));
  } catch {
    return null;
  }
}

/** Whether every input is as the build read it: the same stamp (not a racy one), or else the same hash. */
function inputsHold(contentDir: string, list: unknown, started: number): boolean {
  if (!Array.isArray(list) || list.length === 0) return false;
  for (const entry of list as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 3 || !entry.every((part) => typeof part === 'string')) return false;
    const [rel, stamp, hash] = entry as [string, string, string];
    const sameStamp = stamp !== MISSING && stampAt(path.join(contentDir, rel)) === stamp && stampTime(stamp) < started - RACY_MS;
    if (!sameStamp && currentHash(contentDir, rel) !== hash) return false;
  }
  return true;
}

/**
 * The report of the last build, if a build now would write exactly the output that is in place: every
 * input as that build read it, every output stamp unchanged, the same key (`key()`, asked last: it reads
 * the generator's files). Else null.
 */
export function upToDateReport(cache: BuildCache, config: ResolvedConfig, key: () => string): BuildReport | null {
  const record = Pack.open<unknown>(cache, PACK, PACK_KEY).entries as Partial<Record>;
  if (typeof record.started !== 'number' || !record.report || typeof record.report !== 'object') return null;
  // An entry dated later is due now: a build would add its page (or drop its marker).
  if (record.releases !== undefined && !(typeof record.releases === 'number' && config.now < record.releases)) return null;
  if (!inputsHold(config.contentDir, record.inputs, record.started)) return null;
  if (!outputsHold(config.outDir, record.outputs)) return null;
  return record.key === key() ? record.report : null;
}
