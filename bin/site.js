#!/usr/bin/env node
// Shim: runs generator/cli.ts from a cached esbuild bundle of the generator (one per engine installation)
// with the site in the current folder as a bundle of its own (generator/selfBundle.mjs), each rebuilt
// whenever one of its source files changes, through generator/runBundle.cjs (CommonJS bundles with V8's
// code cache).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBundle, useSiteBundle } from '../generator/runBundle.cjs';
import { selfBundle, siteBundle, siteRootOf } from '../generator/selfBundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The site in the current folder, if any: the CLI loads it from its bundle (generator/site/embeddedSite.ts).
const site = siteRootOf(process.cwd());
// `site dev` says why its first start takes seconds rather than half of one.
const announce = process.argv[2] === 'dev' ? () => process.stdout.write('Bundling the generator (first start, and after it changes)...\n') : undefined;
const [file, siteFile] = await Promise.all([selfBundle(root, 'cli', 'generator/cli.ts', 'cjs', announce), site && siteBundle(root, site).catch(siteCodeFailed)]);
useSiteBundle(site ? { root: site, file: siteFile } : null);
// A build and `site dev` each keep a code cache of their own; the other commands share one (runBundle.cjs: cacheFor).
const command = process.argv[2];
runBundle(file, 'exit', { cacheFor: command === 'build' || command === 'dev' ? command : 'other' });

/**
 * The site's own code (site.config.ts and what it imports) does not compile: the error names the file and
 * line, as a content mistake does (exit 1). Anything else is an internal error.
 */
function siteCodeFailed(e) {
  const first = e?.errors?.[0];
  if (!first?.location) throw e;
  const where = `${path.relative(process.cwd(), path.resolve(root, first.location.file))}:${first.location.line}`;
  process.stderr.write(
    `The site's code could not be compiled [SiteConfigFailed]\n${where}: ${first.text}.\n` +
      `Hint: Fix the code near that line; site.config.ts and what it imports must compile.\n`,
  );
  process.exit(1);
}
