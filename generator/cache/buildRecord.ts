/**
 * The record of the last written build, so that `site build` can tell
 * nothing changed since (make's "up to date") after one stat per file,
 * without reading a pack, an article or a page. It holds:
 *   - a key: the generator, its templates and widgets (by content, as
 *     sourceKey), the lock file and the options (folders, site URL, backend);
 *   - the stamps of the content the build read (every folder and file of the
 *     content folder, the articles as they were read) taken before it read
 *     them, so an edit during the build shows as a change afterwards;
 *   - the stamps of every file and folder of the output it left (a folder's
 *     stamp changes when an entry is added or removed);
 *   - its report (page and file counts, bytes, the JavaScript report).
 * The build is up to date when the key is the same, every stamp matches, and
 * no input's modification time lies within RACY_MS of the recorded build's
 * start (on a file system with coarse times, an edit that soon after could
 * leave the stamp unchanged). Anything else is a full build through the
 * cache, which writes a new record. Stamps: generator/cache/stampOf.ts.
 */
import { readdirSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { JsReport } from '../assets/checkBudgets.ts';
import type { ResolvedConfig } from '../config.ts';
import type { BuildCache } from './BuildCache.ts';
import { hashParts } from './contentHash.ts';
import { stampOf } from './stampOf.ts';

/** Two clock ticks of the coarsest common file time (FAT's 2 s). */
export const RACY_MS = 2000;

/** What `site build` prints of a build; an up-to-date check prints it again. */
export interface BuildReport {
  pages: number;
  files: number;
  bytes: number;
  cache: { posts: { parsed: number; cached: number }; pages: { rendered: number; cached: number } };
  workers: number;
  js: JsReport;
}

/** Path (relative; folders end in "/", the folder itself is "./") -> stamp. */
export type StampList = [string, string][];

interface Record {
  key: string;
  started: number;
  inputs: StampList;
  outputs: StampList;
  report: BuildReport;
}

/** The pack, under a fixed key: its own key is checked last, so a changed article is found before the generator is hashed. */
const PACK = 'record';
const PACK_KEY = 'build-record';
const MISSING = 'missing';

const stampAt = (file: string): string => {
  const s = statSync(file, { throwIfNoEntry: false });
  return s ? stampOf(s) : MISSING;
};

/** The record's key: the generator's key (sourceKey), the widgets' (treeKey) and the options that shape the output. */
export const recordKey = (generatorKey: string, widgetsKey: string, config: ResolvedConfig): string =>
  hashParts([
    generatorKey,
    widgetsKey,
    JSON.stringify({
      mode: config.mode,
      root: config.root,
      contentDir: config.contentDir,
      outDir: config.outDir,
      siteUrl: config.siteUrl ?? null,
      backend: config.backend,
    }),
  ]);

/**
 * The content folder's stamps, taken before the build reads it: every folder and every file but the
 * articles (blog/*.md: the build stamps each one as it reads it, and the blog folder's own stamp covers
 * articles added or removed). A folder that cannot be read is stamped missing.
 */
export function contentStamps(contentDir: string): StampList {
  const list: StampList = [['./', stampAt(contentDir)]];
  const walk = (rel: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(contentDir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        list.push([`${child}/`, stampAt(path.join(contentDir, child))]);
        // The articles are stamped as they are read; nothing else in blog/ is read.
        if (child !== 'blog') walk(child);
      } else {
        list.push([child, stampAt(path.join(contentDir, child))]);
      }
    }
  };
  walk('');
  return list;
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
 * last step, nothing runs beside it, and half a megabyte written through the thread pool kept the
 * build waiting ~60 ms on the dev VM against ~10 ms this way.
 */
export function writeBuildRecord(cache: BuildCache, record: Record): void {
  cache.writePack(PACK, PACK_KEY, record as unknown as { [k: string]: unknown });
}

/** Whether every entry still has its stamp; `racyAfter`: also false if a stamp's modification time is that late. */
function stampsHold(dir: string, list: unknown, racyAfter = Infinity): boolean {
  if (!Array.isArray(list) || list.length === 0) return false;
  for (const entry of list as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'string') return false;
    const [rel, stamp] = entry as [string, string];
    if (stamp === MISSING || stampAt(path.join(dir, rel)) !== stamp) return false;
    if (!(Number(stamp.split(':')[2]) < racyAfter)) return false;
  }
  return true;
}

/**
 * The report of the last build, if a build now would write exactly the output that is in place: every
 * input and output stamp unchanged, no input saved near that build's start, the same key (`key()`,
 * asked last: it reads the generator's files). Else null.
 */
export function upToDateReport(cache: BuildCache, config: ResolvedConfig, key: () => string): BuildReport | null {
  const record = cache.readPack<unknown>(PACK, PACK_KEY) as Partial<Record>;
  if (typeof record.started !== 'number' || !record.report || typeof record.report !== 'object') return null;
  if (!stampsHold(config.contentDir, record.inputs, record.started - RACY_MS)) return null;
  if (!stampsHold(config.outDir, record.outputs)) return null;
  return record.key === key() ? record.report : null;
}
