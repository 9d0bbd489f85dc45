/**
 * What a shard leaves beside its files for the merge (`.site-shard.json` at the top of its folder): which
 * slice it is, which engine, content and config it was built from, every page it rendered with what the
 * whole-site steps need of it (its check summary, its search words, its size), and every other file it
 * wrote (content images, social images) with its size and hash.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PageSummary } from '../checks/summarizePage.ts';
import { generatorRoot } from '../cache/sourceKey.ts';
import { SiteError } from '../core/errors.ts';
import type { Shard } from './shardOf.ts';

export const SHARD_MANIFEST = '.site-shard.json';
/** The manifest's own format: a merge reads no other. */
export const MANIFEST_FORMAT = 'site-shard/1';

export interface ShardPage {
  path: string;
  file: string;
  /** SHA-256 of the HTML. */
  hash: string;
  bytes: number;
  summary: PageSummary;
  /** An entry of the search collection: its body's words, by the entry's hash. */
  search?: { hash: string; words: string };
}

export interface ShardFile {
  file: string;
  bytes: number;
  sha: string;
}

export interface ShardManifest {
  format: typeof MANIFEST_FORMAT;
  /** The engine's version (package.json). */
  engine: string;
  shard: Shard;
  /** The content as read and the route table it gave (shardKeys.ts). */
  contentHash: string;
  /** The code, config and options the pages were rendered with (shardKeys.ts). */
  configHash: string;
  pages: ShardPage[];
  /** Content images and social images. */
  files: ShardFile[];
  /** How the shard built: pages rendered now and from its cache, images encoded now and from its cache, social images. */
  counts: { rendered: number; cached: number; images: { encoded: number; cached: number }; social: { made: number; cached: number } | null };
}

/** The engine's version, as package.json names it. */
export function engineVersion(): string {
  return (JSON.parse(readFileSync(path.join(generatorRoot, 'package.json'), 'utf8')) as { version: string }).version;
}

/** A shard folder's manifest; ShardFolderInvalid when the folder or its manifest is missing or not one. */
export function readShardManifest(dir: string): ShardManifest {
  let text: string;
  try {
    text = readFileSync(path.join(dir, SHARD_MANIFEST), 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new SiteError('ShardFolderInvalid', { dir, reason: code === 'ENOENT' || code === 'ENOTDIR' ? `it holds no ${SHARD_MANIFEST}` : `its ${SHARD_MANIFEST} cannot be read (${code})` });
  }
  let manifest: ShardManifest;
  try {
    manifest = JSON.parse(text) as ShardManifest;
  } catch {
    throw new SiteError('ShardFolderInvalid', { dir, reason: `its ${SHARD_MANIFEST} is not JSON (cut short?)` });
  }
  if (manifest?.format !== MANIFEST_FORMAT || !Array.isArray(manifest.pages) || !Array.isArray(manifest.files) || !manifest.shard) {
    throw new SiteError('ShardFolderInvalid', { dir, reason: `its ${SHARD_MANIFEST} is not of the format ${MANIFEST_FORMAT}` });
  }
  return manifest;
}
