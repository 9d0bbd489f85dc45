import { PGlite } from '@electric-sql/pglite';

/**
 * How the embedded Postgres is started: PGlite's own parameters, with a buffer pool of 16 MB instead of
 * the data dir's 128 MB. PGlite's Postgres is one process whose files live in memory or in the OS's cache,
 * so a large pool buys little, and zeroing it is most of a start's work (about half a second of
 * processor time per start, for every backend and every test database).
 */
export const PGLITE_START_PARAMS: string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
