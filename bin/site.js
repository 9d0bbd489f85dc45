#!/usr/bin/env node
// Shim: runs generator/cli.ts from a cached esbuild bundle of the generator
// (generator/selfBundle.mjs), rebuilt whenever one of its source files changes.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { selfBundle } from '../generator/selfBundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = await selfBundle(root, 'cli', 'generator/cli.ts');
await import(pathToFileURL(file).href);
