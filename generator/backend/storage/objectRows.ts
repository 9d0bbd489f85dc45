import type { Queryable } from '../Database.ts';
import type { ObjectRow } from './assetResponse.ts';
import { storageErrors } from './StorageError.ts';

/** The columns of storage.buckets the routes read. */
export interface BucketRow {
  id: string;
  name: string;
  public: boolean | null;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
}

/** The columns of an object the API returns (the storage server's object schema: no path_tokens). */
export const OBJECT_COLUMNS = 'id, name, bucket_id, owner, owner_id, version, created_at, updated_at, last_accessed_at, metadata, user_metadata';

export async function findBucket(tx: Queryable, id: string): Promise<BucketRow | null> {
  const found = await tx.query<BucketRow>('select id, name, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1 limit 1', [id]);
  return found.rows[0] ?? null;
}

export async function mustFindBucket(tx: Queryable, id: string): Promise<BucketRow> {
  const bucket = await findBucket(tx, id);
  if (!bucket) throw storageErrors.noSuchBucket();
  return bucket;
}

export async function findObject(tx: Queryable, bucketId: string, name: string): Promise<ObjectRow | null> {
  const found = await tx.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2 limit 1`, [bucketId, name]);
  return found.rows[0] ?? null;
}

export async function mustFindObject(tx: Queryable, bucketId: string, name: string): Promise<ObjectRow> {
  const object = await findObject(tx, bucketId, name);
  if (!object) throw storageErrors.noSuchKey();
  return object;
}

/** What a row of storage.objects is written with. */
export interface ObjectWrite {
  bucketId: string;
  name: string;
  /** The caller's `sub`: owner_id, and owner when it is a UUID. */
  owner?: string;
  version: string;
  metadata: Record<string, unknown> | null;
  userMetadata?: Record<string, unknown> | null;
}

const isUuid = (value: string | undefined) => !!value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(value);

/**
 * Inserts the row, or with `upsert` replaces the one at that name (its
 * metadata, version and owner); without it an existing row is 409. Returns
 * the row written.
 */
export async function writeObject(tx: Queryable, row: ObjectWrite, upsert: boolean): Promise<ObjectRow> {
  const values = [row.bucketId, row.name, isUuid(row.owner) ? row.owner : null, row.owner ?? null, row.version, JSON.stringify(row.metadata), row.userMetadata === undefined ? null : JSON.stringify(row.userMetadata)];
  const conflict = upsert
    ? `on conflict (name, bucket_id) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id`
    : '';
  try {
    const written = await tx.query<ObjectRow>(
      `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata) values ($1, $2, $3::uuid, $4, $5, $6::jsonb, $7::jsonb) ${conflict} returning ${OBJECT_COLUMNS}`,
      values,
    );
    return written.rows[0];
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw storageErrors.keyAlreadyExists();
    throw error;
  }
}

/** Waits for the other writers of this name (an advisory lock held until the transaction ends). */
export async function lockObjectName(tx: Queryable, bucketId: string, name: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [`${bucketId}/${name}`]);
}

/** Inserts a bucket (409 when its id or name is taken). */
export async function insertBucket(tx: Queryable, b: { id: string; name: string; owner?: string; public: boolean; fileSizeLimit: number | null; allowedMimeTypes: string[] | null }): Promise<void> {
  const uuid = b.owner && /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(b.owner) ? b.owner : null;
  try {
    await tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type) values ($1, $2, $3::uuid, $4, $5, $6, $7::text[], 'STANDARD')`,
      [b.id, b.name, uuid, b.owner ?? null, b.public, b.fileSizeLimit, b.allowedMimeTypes],
    );
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw storageErrors.bucketAlreadyExists();
    throw error;
  }
}
