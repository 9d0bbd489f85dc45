import type { TomlTable, TomlValue } from '../parseToml.ts';

/** A bucket of `[storage.buckets.<name>]`, made on a fresh database and updated on every start. */
export interface ConfigBucket {
  name: string;
  /** Unset: false on creation, left as it is on update. */
  public?: boolean;
  /** Bytes; the global limit when the table leaves it out (as the Supabase CLI fills it in). */
  fileSizeLimit: number;
  allowedMimeTypes?: string[];
  /** A folder (relative to supabase/) whose files are uploaded into the bucket on a fresh database. */
  objectsPath?: string;
}

/** The settings of `[storage]` in supabase/config.toml that the embedded backend honours. */
export interface StorageConfig {
  /** [storage] enabled: /storage/v1 is served (default true). */
  enabled: boolean;
  /** [storage] file_size_limit in bytes: no upload, and no bucket's limit, may pass it (default "50MiB"). */
  fileSizeLimit: number;
  /** [storage.image_transformation] enabled: /render/image and the transform options of signed URLs (default off). */
  imageTransformation: boolean;
  buckets: ConfigBucket[];
}

const UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4, p: 1024 ** 5 };

/**
 * Pure: a size as the Supabase CLI reads it (go-units' RAMInBytes): a number
 * of bytes, or "50MiB", "5MB", "500kB", "3 GB", where K, M, G, T, P are powers
 * of 1024 with or without the "i". Throws on anything else.
 */
export function sizeInBytes(value: TomlValue | undefined, name: string): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.floor(value);
  const match = typeof value === 'string' ? /^(\d+(?:\.\d+)?) ?([kmgtp]?)i?b?$/i.exec(value.trim()) : null;
  if (!match) throw new Error(`${name} = ${JSON.stringify(value)} is not a size such as "50MiB" or "500KB"`);
  return Math.floor(Number(match[1]) * UNITS[match[2].toLowerCase()]);
}

/** Pure: the [storage] tables of a parsed config.toml -> settings, the Supabase CLI's defaults where absent. */
export function storageConfigFromToml(toml: TomlTable, resolve: (value: TomlValue | undefined) => TomlValue | undefined = (v) => v): StorageConfig {
  const table = (parent: TomlValue | undefined, key: string): TomlTable | undefined => {
    const value = parent && typeof parent === 'object' && !Array.isArray(parent) ? (parent as TomlTable)[key] : undefined;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as TomlTable) : undefined;
  };
  const storage = table(toml, 'storage') ?? {};
  const enabled = resolve(storage.enabled);
  const fileSizeLimit = sizeInBytes(resolve(storage.file_size_limit) ?? '50MiB', '[storage] file_size_limit');
  const transformation = resolve(table(storage, 'image_transformation')?.enabled);
  const buckets = Object.entries(table(storage, 'buckets') ?? {}).map(([name, raw]): ConfigBucket => {
    const bucket = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as TomlTable) : {};
    const isPublic = resolve(bucket.public);
    const limit = resolve(bucket.file_size_limit);
    const types = resolve(bucket.allowed_mime_types);
    const objectsPath = resolve(bucket.objects_path);
    const sized = limit === undefined || limit === 0 || limit === '' ? 0 : sizeInBytes(limit, `[storage.buckets.${name}] file_size_limit`);
    return {
      name,
      ...(typeof isPublic === 'boolean' ? { public: isPublic } : {}),
      fileSizeLimit: sized || fileSizeLimit,
      ...(Array.isArray(types) ? { allowedMimeTypes: types.filter((t): t is string => typeof t === 'string') } : {}),
      ...(typeof objectsPath === 'string' && objectsPath !== '' ? { objectsPath } : {}),
    };
  });
  return { enabled: enabled !== false && enabled !== 'false', fileSizeLimit, imageTransformation: transformation === true || transformation === 'true', buckets };
}
