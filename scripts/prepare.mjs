/**
 * npm's `prepare` (after `npm ci` / `npm install` in this repository, before `npm pack`): makes the backend's
 * base database with `npm run backend-base` (scripts/backendBase.ts) when the development tools it runs with
 * are installed. Without them (`npm ci --omit=dev`, as a deploy may install) it says so and succeeds: the
 * backend then makes its base on its first start and caches it in the OS temp folder.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

try {
  createRequire(import.meta.url).resolve('tsx');
} catch {
  process.stdout.write('backend base: not made here (tsx is not installed); the backend makes it on its first start\n');
  process.exit(0);
}
const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backendBase.ts'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
