import { createReadStream, readdirSync } from 'node:fs';
import path from 'node:path';
import { BackendError } from '../BackendError.ts';
import type { Database } from '../Database.ts';
import type { ObjectFiles } from './ObjectFiles.ts';
import { findBucket, findObject, insertBucket, lockObjectName, writeObject } from './objectRows.ts';
import { contentTypeOfFile } from './sniffMime.ts';
import type { ConfigBucket, StorageConfig } from './storageConfig.ts';
import { asOwner } from './storageCaller.ts';
import { isValidBucketName, isValidKey, mimeTypeAllowed } from './storageNames.ts';

export interface ConfigBucketsContext {
  db: Database;
  objectFiles: ObjectFiles;
  storage: StorageConfig;
  supabaseDir: string;
  log: (line: string) => void;
}

/**
 * The buckets of `[storage.buckets.<name>]`, as the Supabase CLI seeds them:
 * made when missing and their settings applied when present (on every
 * start), and on a fresh database the files of each `objects_path` (relative
 * to supabase/) uploaded into it, replacing what is there.
 */
export async function applyConfigBuckets(ctx: ConfigBucketsContext, fresh: boolean): Promise<void> {
  if (!ctx.storage.enabled) return;
  for (const bucket of ctx.storage.buckets) {
    if (!isValidBucketName(bucket.name)) {
      throw new BackendError('BackendConfigInvalid', `[storage.buckets.${bucket.name}] is not a bucket name the Storage API accepts.`, 'Use 1 to 100 letters, digits and -_.!*\'()&$@=;:+,? (no "/").');
    }
    if (bucket.fileSizeLimit > ctx.storage.fileSizeLimit) {
      throw new BackendError('BackendConfigInvalid', `[storage.buckets.${bucket.name}] file_size_limit is over [storage] file_size_limit.`, 'Lower the bucket\'s limit or raise the global one.');
    }
    await upsertBucket(ctx.db, bucket);
    if (fresh && bucket.objectsPath) await uploadFolder(ctx, bucket, path.resolve(ctx.supabaseDir, bucket.objectsPath));
  }
}

async function upsertBucket(db: Database, bucket: ConfigBucket): Promise<void> {
  await asOwner(db, 'storage.bucket.seed', async (tx) => {
    if (!(await findBucket(tx, bucket.name))) {
      await insertBucket(tx, { id: bucket.name, name: bucket.name, public: bucket.public ?? false, fileSizeLimit: bucket.fileSizeLimit, allowedMimeTypes: bucket.allowedMimeTypes ?? null });
      return;
    }
    await tx.query(
      `update storage.buckets set public = coalesce($2, public), file_size_limit = $3, allowed_mime_types = case when $4::boolean then $5::text[] else allowed_mime_types end where id = $1`,
      [bucket.name, bucket.public ?? null, bucket.fileSizeLimit, bucket.allowedMimeTypes !== undefined, bucket.allowedMimeTypes ?? null],
    );
  });
}

/** Every regular file under `folder` (its path relative to it, with "/"). */
function filesUnder(folder: string, prefix = ''): string[] {
  return readdirSync(path.join(folder, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return filesUnder(folder, relative);
    return entry.isFile() ? [relative] : [];
  });
}

async function uploadFolder(ctx: ConfigBucketsContext, bucket: ConfigBucket, folder: string): Promise<void> {
  let names: string[];
  try {
    names = filesUnder(folder);
  } catch {
    ctx.log(`storage: [storage.buckets.${bucket.name}] objects_path ${folder} is not a folder; nothing uploaded.`);
    return;
  }
  for (const name of names) {
    if (!isValidKey(name)) {
      ctx.log(`storage: ${bucket.name}/${name} is not an object name the Storage API accepts; skipped.`);
      continue;
    }
    const file = await ctx.objectFiles.incoming(bucket.fileSizeLimit);
    for await (const chunk of createReadStream(path.join(folder, name))) await file.write(chunk as Buffer);
    const mimetype = contentTypeOfFile(name, file.head);
    if (file.truncated || (bucket.allowedMimeTypes?.length && !mimeTypeAllowed(mimetype, bucket.allowedMimeTypes))) {
      ctx.log(`storage: ${bucket.name}/${name} is ${file.truncated ? 'over the bucket\'s file_size_limit' : `${mimetype}, which the bucket does not allow`}; skipped.`);
      await file.discard();
      continue;
    }
    const metadata = { eTag: file.eTag(), size: file.size, mimetype, cacheControl: 'max-age=3600', lastModified: new Date().toISOString(), contentLength: file.size, httpStatusCode: 200 };
    const version = await ctx.objectFiles.commit(file);
    const previous = await asOwner(ctx.db, 'storage.object.seed', async (tx) => {
      await lockObjectName(tx, bucket.name, name);
      const before = (await findObject(tx, bucket.name, name))?.version;
      await writeObject(tx, { bucketId: bucket.name, name, version, metadata, userMetadata: {} }, true);
      return before;
    });
    if (previous) await ctx.objectFiles.remove([previous]);
  }
}
