// The database engines the backend runs on, for suites that must hold on
// both: describe.each(ENGINES)('$name', (engine) => ...) runs a suite on
// PGlite and on a real PostgreSQL server (testPostgres.ts), so a new case
// runs on both.
import type { RunningBackend, StartBackendOptions } from '../../../generator/backend/startBackend.ts';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';
import { createTestDatabase, postgresUnavailable } from './testPostgres.ts';

export interface TestEngine {
  name: 'PGlite' | 'PostgreSQL';
  /** Why this engine cannot run here (the suite is skipped with it), or null. */
  skip: string | null;
  /** startTestBackend on this engine; close() also drops the database. */
  start(options?: StartBackendOptions): Promise<RunningBackend>;
}

/** A backend on `engine` with `sql` (a suite's own tables and functions) applied and the REST catalog read again. */
export async function startWithSchema(engine: TestEngine, sql: string, options?: StartBackendOptions): Promise<RunningBackend> {
  const backend = await engine.start(options);
  await backend.db.exec(sql);
  await backend.reloadCatalog();
  return backend;
}

export const ENGINES: TestEngine[] = [
  { name: 'PGlite', skip: null, start: (options) => startTestBackend(options) },
  {
    name: 'PostgreSQL',
    skip: postgresUnavailable(),
    async start(options) {
      const database = await createTestDatabase();
      let backend: RunningBackend;
      try {
        backend = await startTestBackend({ ...options, databaseUrl: database.url });
      } catch (error) {
        await database.drop();
        throw error;
      }
      return {
        ...backend,
        async close() {
          await backend.close();
          await database.drop();
        },
      };
    },
  },
];
