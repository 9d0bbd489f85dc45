/**
 * `npm run backend-base` (run by `prepare`: after `npm ci` / `npm install` in this repository, and before
 * `npm pack` / `npm publish`): makes the embedded backend's base database (generator/backend/backendBase.ts)
 * into generator/backend/base/, which the package carries, so a new site's first `site dev` loads it instead
 * of running PGlite's initdb.
 */
import path from 'node:path';
import { writeShippedBase } from '../generator/backend/backendBase.ts';

const file = await writeShippedBase();
process.stdout.write(`backend base: ${path.relative(process.cwd(), file)}\n`);
