/**
 * A merge trusts nothing in a shard folder (a CI artifact anyone along the way may have altered): this is
 * what it takes of one. The folder is read whole first, without following anything: a symbolic link
 * anywhere in it (a page, an image, a folder, the manifest) or anything but regular files and folders is
 * refused by name, before the merge writes anything. The manifest's other files must be what a shard
 * writes: content images under assets/images/ and social images under assets/social/, one level deep,
 * as the image and social stages name them (never `.git/config`, never a page). Each file is read once
 * (not through a link at its last step either), its size and SHA-256 checked against the manifest, and
 * those very bytes are what the merge writes: its output never shares a file with a shard folder, so a
 * hard link in one reaches no further than the bytes its manifest vouches for. Pages are read at their
 * routes' files (joinShards.ts), never at a name the manifest gives. ShardTampered names the folder, the
 * file and what differs; a file cut short is ShardFolderInvalid, as a folder not fully downloaded.
 */
import { closeSync, constants, fstatSync, openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { contentHash } from '../core/contentHash.ts';
import { SiteError } from '../core/errors.ts';
import type { GivenShard } from './checkShards.ts';

/** The files besides pages a shard writes: variants of content images and social images (contentImages.ts, socialImageKey.ts). */
const SHARD_FILE = /^assets\/(images\/[a-z0-9][a-z0-9-]*\.(avif|webp|jpg|png|gif|svg)|social\/[a-z0-9_][a-z0-9_-]*\.png)$/;

/** Whether a shard may write `file` besides its pages. */
export const shardMayWrite = (file: string): boolean => SHARD_FILE.test(file);

export interface ShardFolder {
  dir: string;
  /** The bytes of `file` (a path inside the folder, with /), if they are the manifest's: size and SHA-256. */
  read(file: string, expected: { bytes: number; sha: string }): Buffer;
}

const tampered = (dir: string, file: string, reason: string) => new SiteError('ShardTampered', { dir, file, reason });

/** Every regular file under `dir` (paths with /); ShardTampered on a link or anything else that is no file or folder. */
function regularFiles(dir: string): Set<string> {
  const files = new Set<string>();
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) throw tampered(dir, name, 'is a symbolic link: a shard writes none, and a merge follows none');
      if (entry.isDirectory()) walk(name);
      else if (entry.isFile()) files.add(name);
      else throw tampered(dir, name, 'is neither a file nor a folder');
    }
  };
  walk('');
  return files;
}

/** The shard folder checked whole (links, the manifest's file names), and its files read as the manifest vouches for them. */
export function verifyShardFolder({ dir, manifest }: GivenShard): ShardFolder {
  const files = regularFiles(dir);
  for (const { file } of manifest.files) {
    if (!shardMayWrite(file)) throw tampered(dir, file, 'is listed among its files, where a shard lists only the content images (assets/images/) and social images (assets/social/) it made');
  }
  return {
    dir,
    read(file, expected) {
      if (!files.has(file)) throw new SiteError('ShardFolderInvalid', { dir, reason: `its ${file} is missing` });
      let fd: number;
      try {
        fd = openSync(path.join(dir, file), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'ELOOP') throw tampered(dir, file, 'is a symbolic link: a shard writes none, and a merge follows none');
        throw new SiteError('ShardFolderInvalid', { dir, reason: `its ${file} cannot be read (${code})` });
      }
      let data: Buffer;
      try {
        if (!fstatSync(fd).isFile()) throw tampered(dir, file, 'is not a regular file');
        data = readFileSync(fd);
      } finally {
        closeSync(fd);
      }
      if (data.byteLength !== expected.bytes) throw new SiteError('ShardFolderInvalid', { dir, reason: `its ${file} is ${data.byteLength} bytes, its manifest says ${expected.bytes}` });
      const sha = contentHash(data);
      if (sha !== expected.sha) throw tampered(dir, file, `holds other bytes than its manifest says (SHA-256 ${sha.slice(0, 12)}…, listed ${String(expected.sha).slice(0, 12)}…)`);
      return data;
    },
  };
}
