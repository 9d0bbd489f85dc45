import { startBackend, type RunningBackend, type StartBackendOptions } from './startBackend.ts';

/**
 * A backend for tests: in memory, on a random port, bcrypt cost 4, no seed,
 * started from the migrated template (migratedTemplate.ts, cached in the OS
 * temp folder and shared by parallel workers): about half a second instead of
 * initdb + migrate. Any option of startBackend may be overridden.
 */
export function startTestBackend(options: StartBackendOptions = {}): Promise<RunningBackend> {
  return startBackend({ port: 0, dataDir: null, bcryptCost: 4, seed: false, ...options });
}
