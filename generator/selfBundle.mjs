// The generator runs from esbuild bundles of its own TypeScript: one file
// loads faster than hundreds of modules resolved one by one. The engine's
// bundles (the CLI's, a build worker's, the dev worker's) carry no site:
// one is made per engine installation and kept for this user in the OS's
// temporary folder (bundleStore.mjs: engineTempDir), whatever site it runs.
// A site's own code (site.config.ts and the templates and widgets it
// imports) is a small bundle apart in the site's .site/cache (siteBundle),
// which takes React, zod and the engine's exports from the engine that runs
// it (site/siteModules.ts). A bundle is reused while none of its inputs
// changed (every file esbuild read outside node_modules, and the lock files
// npm rewrites whenever node_modules changes: their mtime and size, and where
// those moved, their content). A site bundle names no folder of the site, so
// a site's folder copied, renamed or restored elsewhere with its .site/ (a
// fresh checkout with a CI cache) keeps it, and a folder without one of its
// own takes a copy of one made for the same site files elsewhere
// (bundleStore.mjs). Plain JavaScript, because it runs before anything can
// load TypeScript; esbuild itself is loaded only when a bundle must be rebuilt.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { contentHash, currentInputs, fingerprint, inputKey, inSite, writeAtomic } from './bundleManifest.mjs';
import { engineTempDir, shareCodeCache, storeBundle, storedBundle } from './bundleStore.mjs';

/**
 * Native binaries and wasm stay outside and load from node_modules; so does supabase-js, which only the
 * islands' browser code loads (lazily, never while rendering on the server): less to compile at every
 * start. pg loads only when the backend runs on a PostgreSQL server; sharp (native) and satori (with
 * its wasm) only when a build makes social images. Each is loaded from the engine's installation by
 * its absolute path (engineExternals), wherever the bundle is written.
 */
export const external = ['esbuild', 'lightningcss', '@electric-sql/pglite', 'playwright-core', 'vitest', '@supabase/supabase-js', 'pg', 'sharp', 'satori'];

/**
 * The remark engine, loaded only by a site that picks it (content/markdownRenderer.ts): outside the CommonJS
 * bundles (the CLI's and the build workers', where an external is a require() run when first reached). An
 * ES module bundle (the dev worker's) would import an external at its top, so it carries them inside.
 */
const lazyExternal = ['unified', 'remark-parse', 'remark-gfm', 'unist-util-visit'];

/**
 * Inside a bundle, `import.meta.url` keeps meaning "this source file", so
 * relative reads (bootstrap.sql, package.json, runBundle.cjs) still work, in
 * a CommonJS bundle too. Skipped: devClient.ts (it holds browser code as a
 * string).
 */
const skipImportMetaUrl = /[\\/]devClient\.ts$/;
/**
 * `import.meta.url` spelled so that keepImportMetaUrl leaves it alone: in the banner's own reference to the
 * bundle's URL, and in the plugin itself, which runs inside the CLI's bundle when that makes the dev worker's.
 */
const META_URL = ['import', 'meta', 'url'].join('.');
const keepImportMetaUrl = {
  name: 'keep-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /[\\/]generator[\\/].*\.(tsx?|mjs)$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(META_URL) || skipImportMetaUrl.test(args.path)) return undefined;
      const loader = args.path.endsWith('.mjs') ? 'js' : args.path.endsWith('x') ? 'tsx' : 'ts';
      return { contents: source.replaceAll(META_URL, JSON.stringify(pathToFileURL(args.path).href)), loader };
    });
  },
};

/** The engine's own folder (it holds generator/ and, unless its packages are installed beside it, node_modules/). */
const engineRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A package name and its subpaths: 'sharp', 'pg/lib/x'. */
const packageFilter = (names) => new RegExp(`^(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})(/.*)?$`);

/**
 * What a bundle leaves out it imports by absolute path, resolved from the engine's own folder (its
 * node_modules, or the site's where npm installed the engine's packages beside it): a bundle cached in a
 * site's .site/cache finds them even though the site itself depends on none of them. A CommonJS bundle
 * gets a path resolved as require() would, an ES module bundle a file URL resolved as import would. A
 * package not installed at all (an optional dependency absent on this platform) stays a bare import, reached only where it is used.
 */
const engineExternals = (names, format) => ({
  name: 'engine-externals',
  setup(build) {
    const resolveDir = path.join(engineRoot, 'generator');
    build.onResolve({ filter: packageFilter(names) }, async (args) => {
      if (args.pluginData?.engineExternal) return undefined;
      const kind = format === 'cjs' ? 'require-call' : 'import-statement';
      const found = await build.resolve(args.path, { kind, resolveDir, pluginData: { engineExternal: true } });
      if (found.errors.length || !path.isAbsolute(found.path)) return { path: args.path, external: true };
      return { path: format === 'cjs' ? found.path : pathToFileURL(found.path).href, external: true };
    });
  },
});

/** The engine's package name, as sites import it (package.json). */
const engineName = () => JSON.parse(readFileSync(path.join(engineRoot, 'package.json'), 'utf8')).name;

/** The package's exports (package.json) as import names: the name, name/search, ... -> the engine's file. */
const engineExports = () => {
  const { name, exports } = JSON.parse(readFileSync(path.join(engineRoot, 'package.json'), 'utf8'));
  return new Map(Object.entries(exports).map(([sub, target]) => [sub === '.' ? name : `${name}/${sub.slice(2)}`, path.join(engineRoot, typeof target === 'string' ? target : target.default)]));
};

/**
 * What a site's bundle takes from the engine that runs it (site/siteModules.ts) rather than carrying a copy:
 * React and zod as the engine bundles them, so that a template and the engine share one React (its hooks
 * and context) and one zod.
 */
export const SHARED_PACKAGES = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/server', 'react-dom/client', 'zod'];

/** The name a site bundle's require() gives one of the engine's files (site/siteModules.ts has one for each export). */
export const engineModuleId = (file) => `engine:${path.relative(engineRoot, file).split(path.sep).join('/')}`;

/**
 * A site imports the engine by its package name, through the package's exports (`skerry`, `skerry/islands`,
 * ...): always the engine that runs it, whichever copy the site has installed, so that a process never holds
 * two engines (two Reacts, two render contexts). Those imports and SHARED_PACKAGES stay out of the site's
 * bundle, which is given them when it runs (runBundle.cjs: `provided`). An import of the engine that its
 * exports do not name fails, naming them.
 */
const engineModules = {
  name: 'engine-modules',
  setup(build) {
    const exportsOf = engineExports();
    build.onResolve({ filter: new RegExp(`^(${SHARED_PACKAGES.map((n) => n.replace(/[/]/g, '\\/')).join('|')})$`) }, (args) => ({ path: args.path, external: true }));
    build.onResolve({ filter: packageFilter([engineName()]) }, (args) => {
      const file = exportsOf.get(args.path);
      return file ? { path: engineModuleId(file), external: true } : { errors: [{ text: `"${args.path}" is not one of the engine's exports (${[...exportsOf.keys()].join(', ')})` }] };
    });
  },
};

/** The folder a package of the engine's is installed in (the engine's node_modules, or the one it sits in). */
const packageDir = (name) => path.dirname(createRequire(path.join(engineRoot, 'package.json')).resolve(`${name}/package.json`));

/** The file at a site's root that says what the site is (generator/site/loadSite.ts). */
export const SITE_CONFIG = 'site.config.ts';

/** The site at `root`, if it has a config; else null (`site init`, `--help` outside a site). */
export const siteRootOf = (root) => (root && existsSync(path.join(root, SITE_CONFIG)) ? path.resolve(root) : null);

/**
 * The generator's bundles leave out what a Node process never runs, so each thread compiles less at
 * start (a build's worker boots sooner):
 * - react-dom/client: an island's module also exports its browser mount, which the server
 *   renders past but never calls. A stub stands in, and throws if it ever is called.
 * - React's streaming server renderer: only renderToString and renderToStaticMarkup are
 *   used, and they live in the "legacy" renderer on their own.
 * - zod's message locales: zod only ever formats in English (its own default).
 */
const serverOnly = {
  name: 'server-only',
  setup(build) {
    build.onResolve({ filter: /^react-dom\/client$/ }, () => ({ path: 'react-dom/client', namespace: 'server-stub' }));
    build.onLoad({ filter: /^react-dom\/client$/, namespace: 'server-stub' }, () => ({
      contents: 'const browserOnly = () => { throw new Error("react-dom/client runs in the browser, not in the generator"); }; export const createRoot = browserOnly, hydrateRoot = browserOnly;',
      loader: 'js',
    }));
    const mode = build.initialOptions.define?.['process.env.NODE_ENV'] === '"production"' ? 'production' : 'development';
    build.onResolve({ filter: /^react-dom\/server$/ }, () => ({
      path: path.join(packageDir('react-dom'), 'cjs', `react-dom-server-legacy.node.${mode}.js`),
    }));
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`) ? { path: path.join(path.dirname(args.importer), '..', 'locales', 'index.js'), namespace: 'zod-locales' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

/** What every bundle of the generator and of a site is built with. `mode`: React's and the code's NODE_ENV. */
const commonOptions = (format, mode) => ({
  bundle: true,
  platform: 'node',
  format,
  target: 'node20',
  jsx: 'automatic',
  write: false,
  metafile: true,
  // A map beside each bundle (saveBundle: <bundle>.map, no comment in the bundle), read only when an error
  // names where in the site's code it was thrown (core/sourceFrames.ts): nothing more at start.
  sourcemap: 'external',
  sourcesContent: false,
  outfile: format === 'cjs' ? 'bundle.cjs' : 'bundle.mjs',
  // lucide-static's CommonJS entry (what platform "node" picks) holds all 1,600 icons; its ES module
  // entry lets esbuild keep the 30 the templates use.
  alias: { 'lucide-static': 'lucide-static/dist/esm/lucide-static.mjs' },
  // A site outside the engine's folder (`site init`) finds its packages in the engine's node_modules.
  nodePaths: [path.join(engineRoot, 'node_modules')],
  // React's server renderer in production mode: much faster than its development build (`site dev` keeps
  // the development one, for its warnings).
  define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
  logLevel: 'silent',
  // A CommonJS bundle runs from V8's code cache (runBundle.cjs), where Node 20 has lost import()'s
  // loader: a function compiled from the cache throws ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING. So in
  // it every import() of a package or built-in is a require() (still lazy: it runs when reached).
  ...(format === 'cjs' ? { supported: { 'dynamic-import': false } } : {}),
});

/**
 * A bundle of the engine from `entry`. `format`: 'cjs' for a bundle run through generator/runBundle.cjs
 * (with V8's code cache: the CLI and the build's shard worker), 'esm' for one loaded with import() or as a
 * worker's module (the dev server's).
 */
export function bundleOptions(entry, format = 'esm', mode = 'production') {
  const cjs = format === 'cjs';
  return {
    ...commonOptions(format, mode),
    entryPoints: [entry],
    plugins: [engineExternals(cjs ? [...external, ...lazyExternal] : external, format), keepImportMetaUrl, serverOnly],
    // Bundled CommonJS dependencies still call require() for Node built-ins (a CommonJS bundle has its own).
    ...(cjs ? {} : { banner: { js: `import { createRequire as __siteRequire } from 'node:module'; const require = __siteRequire(${META_URL});` } }),
  };
}

/**
 * The bundle of a site's own code: its site.config.ts and what that imports (templates, widgets, the
 * site's packages), CommonJS, run through runBundle.cjs with the engine's React, zod and exports handed to
 * it (engineModules). `mode` as for the engine's bundle it runs with.
 */
export function siteBundleOptions(siteRoot, mode = 'production') {
  return {
    ...commonOptions('cjs', mode),
    entryPoints: [path.join(siteRoot, SITE_CONFIG)],
    outfile: 'site.cjs',
    plugins: [engineModules, engineExternals([...external, ...lazyExternal], 'cjs')],
  };
}

/**
 * npm rewrites these whenever it changes node_modules; their fingerprints stand for every package file:
 * the engine's (its package.json says its version when it is installed as a package, and the
 * node_modules it is installed in has its own record) and the site's.
 */
const lockFiles = (siteRoot) => {
  const folders = [engineRoot, ...(siteRoot ? [siteRoot] : [])];
  const parts = engineRoot.split(path.sep);
  const inModules = parts.lastIndexOf('node_modules');
  const installedIn = inModules > 0 ? parts.slice(0, inModules + 1).join(path.sep) : null;
  return [
    path.join(engineRoot, 'package.json'),
    ...folders.flatMap((f) => [path.join(f, 'package-lock.json'), path.join(f, 'node_modules', '.package-lock.json')]),
    ...(installedIn ? [path.join(installedIn, '.package-lock.json')] : []),
  ];
};

/**
 * The inputs whose fingerprints decide whether a bundle is still current. A site's bundle also depends on
 * how it is made (this file: what it leaves to the engine).
 */
const watchedInputs = (inputs, siteRoot) => [
  ...new Set([...inputs.filter((i) => !i.split(/[\\/]/).includes('node_modules')), ...lockFiles(siteRoot), ...(siteRoot ? [fileURLToPath(import.meta.url)] : [])]),
];

/**
 * The bundle's text with every non-ASCII character written as a \\u escape. esbuild escapes them in
 * strings but leaves them in regular expressions and comments (markdown-it has a few): one of them makes
 * V8 hold the whole source as a two-byte string (twice the memory to decode and fault in at every start).
 * An escape means the same there; a character after a backslash (where it would not) is left as it is.
 */
export const asciiOnly = (text) =>
  text.replace(/(?<!\\)[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * Where a site's bundles live: its .site/cache. The engine's go to the engine's folder under the OS's
 * temporary folder, one per engine installation and user (bundleStore.mjs: engineTempDir): nothing is
 * written into the engine's folder (it may be read-only, or a package other sites share). null when that
 * folder is not this user's alone.
 */
const bundleDir = (root, siteRoot) => {
  if (siteRoot) return path.join(siteRoot, '.site', 'cache');
  const dir = engineTempDir(root);
  return dir && path.join(dir, 'engine');
};

/**
 * A bundle's source map with its sources named from where it is kept (`cacheDir`) rather than from the
 * engine's folder, esbuild's working folder: the site's files relative to the map, so that they are still
 * found once the site's folder moves; the rest by their file URL (core/sourceFrames.ts reads both).
 */
export function relocatedMap(text, root, siteRoot, cacheDir) {
  const map = JSON.parse(text);
  map.sources = map.sources.map((source) => {
    if (/^[a-z]+:/i.test(source)) return source;
    const at = path.resolve(root, source);
    return inSite(siteRoot, at) === null ? pathToFileURL(at).href : path.relative(cacheDir, at).split(path.sep).join('/');
  });
  return JSON.stringify(map);
}

/** Writes a build result as a content-hashed file plus a manifest of its inputs; returns the file. */
export async function saveBundle(result, root, name, siteRoot = null) {
  // No private folder for the engine's bundle: one of its own, used once.
  const cacheDir = bundleDir(root, siteRoot) ?? (await mkdtemp(path.join(os.tmpdir(), 'site-engine-')));
  const [out, map] = [result.outputFiles.find((f) => !f.path.endsWith('.map')), result.outputFiles.find((f) => f.path.endsWith('.map'))];
  const code = Buffer.from(asciiOnly(out.text));
  const ext = path.extname(out.path);
  const file = path.join(cacheDir, `${name}.${createHash('sha256').update(code).digest('hex').slice(0, 10)}${ext}`);
  await mkdir(cacheDir, { recursive: true });
  if (map) await writeAtomic(`${file}.map`, relocatedMap(map.text, root, siteRoot, cacheDir));
  await writeAtomic(file, code);
  const inputs = {};
  for (const i of watchedInputs(Object.keys(result.metafile.inputs), siteRoot)) {
    const at = path.resolve(root, i);
    inputs[inputKey(root, siteRoot, i)] = [fingerprint(at), contentHash(at)];
  }
  await writeAtomic(path.join(cacheDir, `${name}.json`), JSON.stringify({ file: path.basename(file), inputs }));
  await pruneBundles(cacheDir, name, file);
  if (siteRoot) await storeBundle(root, name, file, inputs);
  return file;
}

/**
 * Keeps the newest few bundles of a name (a process started a moment ago may still be about to load one),
 * each with its code caches (runBundle.cjs: <bundle>.v8, <bundle>.<kind>.v8) and its source map.
 */
async function pruneBundles(cacheDir, name, keep) {
  const files = await readdir(cacheDir);
  const old = files.filter((f) => f.startsWith(`${name}.`) && /\.[cm]js$/.test(f) && path.join(cacheDir, f) !== keep);
  const dated = await Promise.all(old.map(async (f) => ({ f, t: (await stat(path.join(cacheDir, f)).catch(() => ({ mtimeMs: 0 }))).mtimeMs })));
  dated.sort((a, b) => b.t - a.t);
  const beside = (f) => files.filter((g) => g === `${f}.map` || (g.startsWith(`${f}.`) && g.endsWith('.v8')));
  await Promise.all(dated.slice(2).flatMap(({ f }) => [f, ...beside(f)].map((g) => rm(path.join(cacheDir, g), { force: true }))));
}

/**
 * The cached bundle's path if every input is unchanged, else null. An input whose mtime or size moved is
 * unchanged when its bytes are (a copied folder, a fresh checkout, a restored cache): the manifest then
 * takes its new fingerprint, so that the next start only stats it. A site's bundle carries its code, never
 * its folder's path, so a folder renamed or copied with its .site/ uses its bundles as they are.
 * A site's folder with no bundle of its own that fits takes one from the engine's store (bundleStore.mjs)
 * when one there was made for the same site files.
 */
export async function cachedBundle(root, name, siteRoot = null) {
  const dir = bundleDir(root, siteRoot);
  if (!dir) return null;
  const own = await ownBundle(root, name, siteRoot, dir);
  if (own) {
    if (siteRoot) await shareCodeCache(root, own);
    return own;
  }
  if (!siteRoot) return null;
  const stored = await storedBundle(root, name, siteRoot, dir);
  if (stored) await pruneBundles(dir, name, stored);
  return stored;
}

/** The bundle of `name` that the manifest in `dir` names, if its inputs are unchanged; else null. */
async function ownBundle(root, name, siteRoot, dir) {
  const manifest = path.join(dir, `${name}.json`);
  try {
    const m = JSON.parse(await readFile(manifest, 'utf8'));
    if (typeof m.file !== 'string' || m.file.includes('/') || m.file.includes(path.sep)) return null;
    // null also for a manifest of an older engine (a fingerprint alone): built again.
    const now = currentInputs(root, siteRoot, m.inputs);
    if (!now) return null;
    const file = path.join(dir, m.file);
    if (fingerprint(file) === 'missing') return null;
    if (now.moved) await writeAtomic(manifest, JSON.stringify({ ...m, inputs: now.inputs })).catch(() => {});
    return file;
  } catch {
    return null;
  }
}

/**
 * The engine's bundle of `entry` (absolute, or relative to root, the engine's folder), from the cache or freshly built;
 * `format` and `mode` as in bundleOptions. `onBuild` runs before a fresh build (seconds on a first start),
 * so a command can say what it waits for.
 */
export async function selfBundle(root, name, entry, format = 'esm', onBuild = undefined, mode = 'production') {
  const hit = await cachedBundle(root, name);
  if (hit && hit.endsWith(format === 'cjs' ? '.cjs' : '.mjs')) return hit;
  onBuild?.();
  const esbuild = await import('esbuild');
  const result = await esbuild.build({ ...bundleOptions(path.resolve(root, entry), format, mode), absWorkingDir: root });
  return saveBundle(result, root, name, null);
}

/** The name of a site's bundle for `mode`: `site dev` runs its templates with React's development build. */
export const siteBundleName = (mode) => (mode === 'production' ? 'site' : 'dev-site');

/**
 * The bundle of the site at `siteRoot` (siteBundleOptions), from its .site/cache or freshly built by the
 * engine at `root`. A site's code that does not compile rejects with esbuild's errors (each with its file and line).
 */
export async function siteBundle(root, siteRoot, mode = 'production') {
  const name = siteBundleName(mode);
  const cacheDir = bundleDir(root, siteRoot);
  // A folder this engine has not bundled yet may hold what an earlier one kept there.
  const first = !existsSync(path.join(cacheDir, `${name}.json`));
  let file = await cachedBundle(root, name, siteRoot);
  if (!file) {
    const esbuild = await import('esbuild');
    file = await saveBundle(await esbuild.build({ ...siteBundleOptions(siteRoot, mode), absWorkingDir: root }), root, name, siteRoot);
  }
  if (first) await dropEngineBundles(cacheDir);
  return file;
}

/**
 * The engine's bundles an earlier engine kept in a site's .site/cache, when each carried its site (their
 * manifests, code caches and maps too): unused since the engine's bundles moved to its temporary folder.
 */
const ENGINE_BUNDLE_FILE = /^(cli|shard|dev-worker)\.(json|[0-9a-f]{10}\.[cm]js(\.[a-z0-9]+)*)$/;
async function dropEngineBundles(cacheDir) {
  const old = (await readdir(cacheDir)).filter((f) => ENGINE_BUNDLE_FILE.test(f));
  await Promise.all(old.map((f) => rm(path.join(cacheDir, f), { force: true })));
}
