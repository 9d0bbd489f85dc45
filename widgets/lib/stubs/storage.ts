/** Inert stand-in for @supabase/storage-js (see stubs/realtime.ts): the site stores no files. */
export class StorageApiError extends Error {}
export class StorageClient {
  from(): never {
    throw new Error('Storage is not bundled with this site.');
  }
}
