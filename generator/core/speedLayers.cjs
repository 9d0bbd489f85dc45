// The speed layers of `site build`, each of which can be turned off to measure what it gains:
// SITE_SPEED_OFF=workers,shared,... (`npm run bench -- --ablate`). Every layer has a slower path
// that writes the same output (tests/integration/speedLayers.test.ts builds a site with each one off
// and compares the output folder with the default build's). Plain CommonJS: runBundle.cjs
// (which bin/site.js loads) reads it before anything can load TypeScript.
'use strict';

/** Each layer, and the path a build takes with it off. */
const SPEED_LAYERS = {
  workers: 'no worker threads: the main thread reads and renders everything (as --workers 0)',
  codeCache: "bundles run without V8's code cache (none read, none written)",
  bundleStore: "a site's folder without bundles of its own bundles the generator itself, never taking a copy from the engine's store in the OS temp folder (none read, none written)",
  packDeltas: 'a changed cache pack is written whole, never as a delta beside it',
  buildRecord: 'no "Up to date" check and no build record: every build goes through the cache',
  shared: '<Shared> subtrees are rendered on every page that shows them',
  regexTable: "shiki translates every grammar's regular expressions in every thread (no table read or written)",
  inPlace: 'every build fills a new folder beside the output and swaps it in whole, never only the changed files into the previous output',
};

let off;

/**
 * The layers SITE_SPEED_OFF names. An unknown name ends the process with an error in the engine's form
 * (title [code], message, hint; as bin/site.js words a site whose code does not compile), exit code 1:
 * a measurement with a misspelt layer would otherwise measure nothing.
 */
function layersOff() {
  if (off) return off;
  const names = (process.env.SITE_SPEED_OFF || '').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !Object.hasOwn(SPEED_LAYERS, n));
  if (unknown.length) {
    process.stderr.write(
      `Unknown speed layer [SpeedLayerUnknown]\nSITE_SPEED_OFF names ${unknown.map((n) => `"${n}"`).join(', ')}, which is not a speed layer.\n` +
        `Hint: Name some of ${Object.keys(SPEED_LAYERS).join(', ')} (comma-separated), or unset SITE_SPEED_OFF.\n`,
    );
    process.exit(1);
  }
  off = new Set(names);
  return off;
}

/** Whether the speed layer `name` is turned off for this process (SITE_SPEED_OFF). */
function layerOff(name) {
  return layersOff().has(name);
}

module.exports = { SPEED_LAYERS, layerOff, layersOff };
