import v8 from 'node:v8';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './pgliteExtensions.ts';
import { PGLITE_START_PARAMS } from './pgliteStartParams.ts';

/**
 * The embedded Postgres on `where` (a data dir, a file system, or none: initdb in memory), with the
 * engine's extensions and start parameters. Its WebAssembly runs as V8's baseline compiler (Liftoff)
 * makes it, without the optimizing tier: that tier recompiles Postgres's busiest functions in background
 * threads, which cost a process that starts a database (a `site dev` session, `site gen types`, a test)
 * more processor time than they ever give back. On 2 cores, two starts from the migrated template and a
 * hundred queries took 2.9 s of processor time against 4.9 s, and 3,300 inserts and selects after a
 * start 1.4 s against 2.8 s, faster on the wall too. V8's flag is the process's (set again at each start,
 * which changes nothing): WebAssembly compiled after the first start (the social images' renderer in
 * `site dev`) is compiled the same way, for no measurable difference in a build.
 */
export function startPglite(where: Pick<PGliteOptions, 'dataDir' | 'fs'> = {}): Promise<PGlite> {
  v8.setFlagsFromString('--liftoff-only');
  return PGlite.create({ ...where, extensions: PGLITE_EXTENSIONS, startParams: PGLITE_START_PARAMS });
}
