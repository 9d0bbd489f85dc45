#!/usr/bin/env node
// `npm create` with this package: makes a new site. Its code and templates are the engine's own
// (generator/init/), bundled into dist/ when this package is packed (build.mjs).
import { createSite } from './dist/create.js';

try {
  process.exitCode = await createSite(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`\nUnexpected internal error (please report it):\n${e?.stack ?? String(e)}\n`);
  process.exitCode = 2;
}
