/**
 * A file's stamp: inode, size and modification time. It changes with any write to the file, through
 * any of its hard links, so a file whose stamp is unchanged need not be read or hashed again.
 */
export const stampOf = (s: { ino: number; size: number; mtimeMs: number }): string => `${s.ino}:${s.size}:${s.mtimeMs}`;
