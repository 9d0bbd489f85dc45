/**
 * Reads the articles' content hashes, which key everything the cache holds
 * about them. Hashing means reading, and reading 4,000 files costs more
 * than stat-ing them, so each file's stamp (inode, size, modification time)
 * is remembered next to its hash, as git's index does: a file whose stamp
 * is unchanged keeps its hash and is read only if its text is needed. A
 * stamp recorded less than two seconds before the build that recorded it
 * is not trusted (an edit within the same clock tick would keep it).
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { contentHash } from '../core/contentHash.ts';
import { RACY_MS, stampOf } from '../core/stampOf.ts';

/** One article: its file name inside its collection's folder, content hash (unless nobody read it yet) and, when it was read, its text. */
export interface SourceRef {
  file: string;
  hash?: string;
  source?: string;
}

/** <file in the folder> -> "<stamp> <hash>", plus when the map was made. */
export type Stamps = Record<string, string>;
/** The stamps entry that says when they were taken (Date.now() before the first stat). */
export const WRITTEN = '@written';


/** A stamps map about to be filled: it records when, for the racy-stamp rule. */
export const startStamps = (): Stamps => ({ [WRITTEN]: String(Date.now()) });

/** Where readSourceFile reads a file's bytes: one buffer for every article a thread reads, grown as needed. */
let scratch = Buffer.allocUnsafe(64 * 1024);

/**
 * One article read afresh: its text, hash and stamps entry (stat first, so a later edit changes the
 * stamp). Through one open file: open, fstat, read, close (readFileSync after statSync made six calls
 * into the kernel for each of thousands of files, and a buffer each).
 */
export function readSourceFile(dir: string, file: string): { source: string; hash: string; entry: string } {
  const fd = openSync(path.join(dir, file), 'r');
  let stamp: string;
  let length = 0;
  try {
    const stat = fstatSync(fd);
    stamp = stampOf(stat);
    if (scratch.length <= stat.size) scratch = Buffer.allocUnsafe(Math.max(stat.size + 1, scratch.length * 2));
    // Until the end of the file, which may have grown since fstat (its stamp then no longer matches).
    for (let n; (n = readSync(fd, scratch, length, scratch.length - length, null)) > 0; ) {
      length += n;
      if (length === scratch.length) scratch = Buffer.concat([scratch, Buffer.allocUnsafe(scratch.length)]);
    }
  } finally {
    closeSync(fd);
  }
  const source = scratch.toString('utf8', 0, length);
  const hash = contentHash(source);
  return { source, hash, entry: `${stamp} ${hash}` };
}

/** `changed`: the stamps differ from `known` (a file new, edited, touched or gone), so they are worth storing. */
export function readSources(dir: string, files: string[], known: Stamps): { sources: SourceRef[]; stamps: Stamps; changed: boolean } {
  const trustBefore = Number(known[WRITTEN] ?? 0) - RACY_MS;
  const stamps = startStamps();
  const sources = files.map((file): SourceRef => {
    const full = path.join(dir, file);
    const stat = statSync(full);
    const stamp = stampOf(stat);
    const [knownStamp, knownHash] = (known[file] ?? '').split(' ');
    if (knownStamp === stamp && knownHash && stat.mtimeMs < trustBefore) {
      stamps[file] = known[file]!;
      return { file, hash: knownHash };
    }
    const { source, hash, entry } = readSourceFile(dir, file);
    stamps[file] = entry;
    return { file, hash, source };
  });
  const changed = files.length !== Object.keys(known).filter((k) => k !== WRITTEN).length || files.some((f) => stamps[f] !== known[f]);
  return { sources, stamps, changed };
}

/** The text of an article whose hash came from its stamp. */
export const readSource = (dir: string, ref: SourceRef): string => ref.source ?? readFileSync(path.join(dir, ref.file), 'utf8');
