// Runs one of the generator's CommonJS bundles (generator/selfBundle.mjs)
// with V8's code cache. Node 20 keeps no compiled code between runs, and an
// ES module bundle costs each start its parsing and the ES module loader's
// work; a CommonJS bundle compiled through vm.Script with the cached data of
// an earlier run starts in a fraction of that, and the
// functions that ran last time start compiled (the cache is taken at exit,
// or in a worker once its bundle says its hot code has run). The cache sits beside its bundle (<bundle>.v8, or
// <bundle>.<kind>.v8 for one kind of run: the CLI's command); bundles are
// content-addressed, so a cache always belongs to the code it was made
// from, and V8 itself rejects one from another V8 version or other flags
// (it is then made again). A site's own code is a bundle apart (selfBundle.mjs:
// siteBundle), run the same way with the engine's React and exports handed
// to it (runBundle's `options.provided`). Plain CommonJS: bin/site.js imports it, and a
// worker thread starts on it (workerData.bundle names the bundle to run,
// workerData.site the site bundle it is given).
'use strict';
const { readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const vm = require('node:vm');
const { isMainThread, workerData } = require('node:worker_threads');
const { layerOff } = require('./core/speedLayers.cjs');

/** Writes the code cache of `script` to `file` (atomically); a failure only costs the next start its speed. */
function saveCache(script, file) {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, file);
  } catch {
    // A read-only folder, or the process is going down: no cache this time.
    try {
      rmSync(tmp, { force: true });
    } catch {
      /* nothing was written */
    }
  }
}

/**
 * The bundle's require(): from its own folder, and what is not found there from the engine's (this file's
 * folder's parent), so that a bundle cached outside the engine's folder still loads esbuild, lightningcss,
 * ... A site's bundle gets `provided` first and its own folder's packages (what it leaves out of the
 * engine's is named by absolute path: selfBundle.mjs), as this file's copy inside a bundle runs it too.
 */
function bundleRequire(file, provided) {
  const own = Module.createRequire(file);
  if (provided) {
    const load = (id) => (Object.hasOwn(provided, id) ? provided[id] : own(id));
    return Object.assign(load, { resolve: own.resolve, cache: own.cache, main: own.main });
  }
  const engine = Module.createRequire(path.join(__dirname, '..', 'package.json'));
  const resolve = (id, options) => {
    try {
      return own.resolve(id, options);
    } catch (e) {
      if (e && e.code === 'MODULE_NOT_FOUND') return engine.resolve(id, options);
      throw e;
    }
  };
  return Object.assign((id) => own(resolve(id)), { resolve, cache: own.cache, main: own.main });
}

/** Where a bundle run in a worker finds the function that takes its code cache (see runBundle). */
const SAVE_HOOK = Symbol.for('site.saveCodeCache');
/** The bundle this thread runs (see bundleFolder): on globalThis, which each thread has its own of. */
const RUNNING = Symbol.for('site.runningBundle');
/** The site bundle this thread was given (useSiteBundle), on globalThis as RUNNING is. */
const SITE = Symbol.for('site.siteBundle');

/**
 * Runs the CommonJS bundle `file` as the main module of this thread and returns its exports. `cacheAt`:
 * when to take the code cache if there is none yet: 'exit' (when the process exits: every function the
 * run compiled is in it), 'now' (after the bundle's top level), or 'hook' (when the bundle calls
 * saveCodeCache(), once it has run its hot code: for a worker thread, which is terminated rather than
 * exiting). `options.provided`: modules by the name the bundle's require() gives them, handed to it as
 * they are instead of loaded (a site's bundle gets the running engine's React and exports this way); a
 * bundle run with them is not the bundle the thread runs (bundleFolder). `options.cacheFor`: a word naming
 * what the run does (the CLI's command), when runs of one bundle do different work: each kind keeps a
 * cache of its own (<bundle>.<word>.v8), made by its first run, so that a `site init` or `--help` never
 * leaves a build only its few functions compiled.
 */
function runBundle(file, cacheAt = 'exit', options = {}) {
  const { provided, cacheFor } = options;
  const source = readFileSync(file, 'utf8');
  const cacheFile = cacheFor ? `${file}.${cacheFor}.v8` : `${file}.v8`;
  // Measuring the code cache (speedLayers.cjs): none read, none written.
  const noCache = layerOff('codeCache');
  let cachedData;
  try {
    cachedData = noCache ? undefined : readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(source), {
    filename: file,
    cachedData,
    // Only for functions compiled now: on Node 20 those that come from the cache lose it, which is why
    // selfBundle's CommonJS bundles turn import() into require().
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const needsCache = !noCache && (!cachedData || script.cachedDataRejected);
  if (needsCache && cacheAt === 'exit') process.once('exit', () => saveCache(script, cacheFile));
  if (needsCache && cacheAt === 'hook') globalThis[SAVE_HOOK] = () => saveCache(script, cacheFile);
  if (!provided) globalThis[RUNNING] = file;
  const module = { exports: {}, filename: file, id: provided ? file : '.', loaded: false };
  script.runInThisContext()(module.exports, bundleRequire(file, provided), module, file, path.dirname(file));
  module.loaded = true;
  if (needsCache && cacheAt === 'now') saveCache(script, cacheFile);
  return module.exports;
}

/**
 * For a bundle run with cacheAt 'hook': takes the code cache now, if the bundle has none yet (once;
 * nothing otherwise, or outside runBundle).
 */
function saveCodeCache() {
  const save = globalThis[SAVE_HOOK];
  delete globalThis[SAVE_HOOK];
  if (typeof save === 'function') save();
}

/**
 * Gives this thread the bundle of a site's own code, `{ root, file }` (the site's folder and its bundle,
 * selfBundle.mjs: siteBundle), or none (null): generator/site/embeddedSite.ts runs it when the site at
 * `root` is loaded. Set before the engine's bundle runs: by bin/site.js, and by a worker's entry.
 */
function useSiteBundle(site) {
  globalThis[SITE] = site && typeof site.root === 'string' && typeof site.file === 'string' ? { root: site.root, file: site.file } : null;
}

/** The site bundle this thread was given (useSiteBundle), or null. */
function givenSiteBundle() {
  return globalThis[SITE] ?? null;
}

/**
 * The folder of the site bundle this thread was given (the site's .site/cache), else of the bundle it runs:
 * where the site's table of shiki's translated regular expressions is kept (content/regexTable.ts), so
 * that it travels with the site's folder. null outside runBundle (the generator run from its source). A bundle holds its own
 * copy of this file: what the thread runs is known through globalThis.
 */
function bundleFolder() {
  const file = givenSiteBundle()?.file ?? globalThis[RUNNING];
  return typeof file === 'string' ? path.dirname(file) : null;
}

module.exports = { runBundle, saveCodeCache, bundleFolder, useSiteBundle, givenSiteBundle };

// Started as a worker thread's entry: run the bundle it was given, with the site bundle it was given.
if (!isMainThread && require.main === module && workerData && typeof workerData.bundle === 'string') {
  useSiteBundle(workerData.site ?? null);
  runBundle(workerData.bundle, workerData.cacheAt ?? 'hook');
}
