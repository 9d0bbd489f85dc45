#!/usr/bin/env node
// Shim: runs generator/cli.ts from a cached esbuild bundle of the generator
// (generator/selfBundle.mjs), rebuilt whenever one of its source files changes.
// For a cold `site build` of a big site, the build's worker thread starts
// booting now, while the CLI loads (generator/shards/earlyWorker.mjs).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { selfBundle } from '../generator/selfBundle.mjs';
import { earlyWorkerWanted, shardBundle, startEarlyWorker } from '../generator/shards/earlyWorker.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const early = process.argv[2] === 'build' && earlyWorkerWanted(process.argv.slice(3));
const [file, shard] = await Promise.all([
  selfBundle(root, 'cli', 'generator/cli.ts'),
  early ? shardBundle(root) : undefined,
]);
if (shard) startEarlyWorker(shard);
await import(pathToFileURL(file).href);
