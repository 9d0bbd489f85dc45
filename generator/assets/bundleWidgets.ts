/**
 * Bundles the islands for the browser with esbuild: one loader entry (the
 * engine's generator/islands/loader.ts), every file of the site's
 * widgets/islands/ a lazily imported chunk, React shared in one chunk
 * (splitting), minified, content-hashed, written under assets/. Returns the
 * gzip size of every output from the metafile so the build can report and
 * enforce budgets.
 */
import type * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzipAsync = promisify(gzipCallback);
import type { BackendSettings } from '../config.ts';
import { SiteError } from '../core/errors.ts';
import { generatorRoot } from '../cache/sourceKey.ts';
import { ENGINE_NAME } from '../core/engineName.ts';
import { loadSite } from '../site/loadSite.ts';
import { listIslands, registrySource } from './islandRegistry.ts';

/** The engine's browser runtime (its own tsconfig: no Node types). */
const runtimeDir = path.join(generatorRoot, 'generator', 'islands');
const LOADER = path.join(runtimeDir, 'loader.ts');
/** The search index's reader ('skerry/search'). */
const SEARCH_READER = path.join(runtimeDir, 'searchIndex.ts');

export interface WidgetBundle {
  /** URL of the loader script every page includes. */
  loader: string;
  /** Output files (path under the output folder -> bytes). */
  files: Map<string, Uint8Array>;
  /** Output file -> gzip bytes. */
  gzip: Map<string, number>;
  /** Output file -> files it imports statically (loaded with it). */
  staticImports: Map<string, string[]>;
  /** Output file -> files it may import later (import()). */
  dynamicImports: Map<string, string[]>;
  /** Island name -> its chunk's output file. */
  islandChunks: Map<string, string>;
  /** The output files that hold the search index's reader ('skerry/search'): an island that loads one searches. */
  searchReader: string[];
  /** Every source file that went into the bundle (for dev watching). */
  inputs: string[];
}

export interface BundleOptions {
  widgetsDir: string;
  backend: BackendSettings | null;
  minify?: boolean;
}

/** The loader's registry (generator/islands/registry.ts), generated from the site's widgets/islands/ at every (re)build. */
const islandRegistry = (islandsDir: string): esbuild.Plugin => ({
  name: 'island-registry',
  setup(b) {
    b.onLoad({ filter: /[\\/]generator[\\/]islands[\\/]registry\.ts$/ }, (args) =>
      args.path === path.join(runtimeDir, 'registry.ts')
        ? { contents: registrySource(islandsDir, listIslands(islandsDir)), loader: 'ts', resolveDir: islandsDir }
        : undefined,
    );
  },
});

/** The packages the site swaps for files of its own in the browser (its config's widgetAliases). */
const siteAliases = (root: string): esbuild.Plugin => ({
  name: 'site-aliases',
  async setup(b) {
    // A config that does not load is reported by the render (the build, the dev worker), not here.
    const site = await loadSite(root).catch(() => null);
    for (const [name, file] of Object.entries(site?.widgetAliases ?? {})) {
      const filter = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
      b.onResolve({ filter }, () => ({ path: path.resolve(root, file) }));
    }
  },
});

export function esbuildOptions({ widgetsDir, backend, minify = true }: BundleOptions): esbuild.BuildOptions {
  const siteTsconfig = path.join(widgetsDir, 'tsconfig.json');
  return {
    // The site's folder, not the process's: esbuild's content hashes cover the input paths relative to it,
    // so the files' names would follow the folder a build was started from (the programmatic build()).
    absWorkingDir: path.dirname(widgetsDir),
    entryPoints: { loader: LOADER },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['chrome111', 'edge111', 'firefox114', 'safari16.4'],
    minify,
    jsx: 'automatic',
    outdir: 'assets',
    entryNames: '[name].[hash]',
    chunkNames: 'chunks/[name].[hash]',
    write: false,
    metafile: true,
    legalComments: 'none',
    // An island's `import { mountReact } from '<engine>/islands'` (or the engine's bare name) gets the
    // browser part of the engine only; '<engine>/search' is the search index's reader alone (through the
    // bare name it would share a chunk with React); '<engine>/client' the backend client. The same files
    // the package's exports name.
    alias: {
      [ENGINE_NAME]: path.join(runtimeDir, 'index.ts'),
      [`${ENGINE_NAME}/islands`]: path.join(runtimeDir, 'index.ts'),
      [`${ENGINE_NAME}/search`]: SEARCH_READER,
      [`${ENGINE_NAME}/client`]: path.join(runtimeDir, 'client.ts'),
    },
    // A site outside the engine's folder finds React and the rest in the engine's node_modules.
    nodePaths: [path.join(generatorRoot, 'node_modules')],
    plugins: [islandRegistry(path.join(widgetsDir, 'islands')), siteAliases(path.dirname(widgetsDir))],
    logLevel: 'silent',
    tsconfig: existsSync(siteTsconfig) ? siteTsconfig : path.join(runtimeDir, 'tsconfig.json'),
    define: {
      'process.env.NODE_ENV': '"production"',
      __SITE_BACKEND__: JSON.stringify(backend),
    },
  };
}

/** `root`: the folder esbuild worked in (the site's: esbuildOptions). */
export async function readBundle(result: esbuild.BuildResult, root: string, widgetsDir: string): Promise<WidgetBundle> {
  const files = new Map<string, Uint8Array>();
  const gzip = new Map<string, number>();
  const outputs = result.outputFiles ?? [];
  // Compressed on libuv's threads, while the main thread reads articles.
  const sizes = await Promise.all(outputs.map((o) => gzipAsync(o.contents, { level: 9 }).then((z) => z.byteLength)));
  outputs.forEach((out, i) => {
    const rel = path.relative(root, out.path).split(path.sep).join('/');
    files.set(rel, out.contents);
    gzip.set(rel, sizes[i]!);
  });
  const meta = result.metafile!;
  const staticImports = new Map<string, string[]>();
  const dynamicImports = new Map<string, string[]>();
  const islandChunks = new Map<string, string>();
  const searchReader: string[] = [];
  const islandsDir = path.join(widgetsDir, 'islands');
  let loader = '';
  for (const [file, out] of Object.entries(meta.outputs)) {
    if (Object.keys(out.inputs).some((i) => path.resolve(root, i) === SEARCH_READER)) searchReader.push(file);
    staticImports.set(file, out.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path));
    dynamicImports.set(file, out.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path));
    if (!out.entryPoint) continue;
    const entry = path.resolve(root, out.entryPoint);
    if (entry === LOADER) loader = file;
    else if (path.dirname(entry) === islandsDir) islandChunks.set(path.basename(entry).replace(/\.tsx?$/, ''), file);
  }
  const inputs = Object.keys(meta.inputs).map((i) => path.resolve(root, i));
  return { loader: `/${loader}`, files, gzip, staticImports, dynamicImports, islandChunks, searchReader, inputs };
}

export async function bundleWidgets(options: BundleOptions): Promise<WidgetBundle> {
  try {
    // Loaded here, not at start-up: a build whose widgets come from the cache never pays for loading it.
    const { build } = await import('esbuild');
    const result = await build(esbuildOptions(options));
    return await readBundle(result, path.dirname(options.widgetsDir), options.widgetsDir);
  } catch (e) {
    const errors = (e as { errors?: esbuild.Message[] }).errors;
    const first = errors?.[0];
    const where = first?.location ? `${first.location.file}:${first.location.line}: ` : '';
    throw new SiteError('WidgetBundleFailed', { reason: `${where}${first?.text ?? (e as Error).message}` });
  }
}
