/**
 * A file's stamp: inode, size and modification time. It changes with any write to the file, through
 * any of its hard links, so a file whose stamp is unchanged need not be read or hashed again.
 */
import { statSync } from 'node:fs';

export const stampOf = (s: { ino: number; size: number; mtimeMs: number }): string => `${s.ino}:${s.size}:${s.mtimeMs}`;

/** The stamp of the file or folder at `file`, or null when there is none. */
export const stampAt = (file: string): string | null => {
  const s = statSync(file, { throwIfNoEntry: false });
  return s ? stampOf(s) : null;
};

/**
 * A stamp recorded less than this after the file's modification time is not trusted: on a file system
 * with coarse times (FAT's 2 s), an edit that soon after could leave the stamp unchanged.
 */
export const RACY_MS = 2000;

/** The modification time a stamp holds. */
export const stampTime = (stamp: string): number => Number(stamp.split(':')[2]);
