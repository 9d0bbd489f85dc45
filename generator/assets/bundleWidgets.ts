/**
 * Bundles widgets/ for the browser with esbuild: one loader entry, every
 * island a lazily imported chunk, React shared in one chunk (splitting),
 * minified, content-hashed, written under assets/. Returns the gzip size of
 * every output from the metafile so the build can report and enforce budgets.
 */
import type * as esbuild from 'esbuild';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzipAsync = promisify(gzipCallback);
import type { BackendSettings } from '../config.ts';
import { SiteError } from '../errors.ts';

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
  /** Every source file that went into the bundle (for dev watching). */
  inputs: string[];
}

export interface BundleOptions {
  widgetsDir: string;
  backend: BackendSettings | null;
  minify?: boolean;
}

/** Swaps the Supabase modules the site never uses for inert stubs (see widgets/lib/stubs/). */
const stubUnusedSupabase = (widgetsDir: string): esbuild.Plugin => ({
  name: 'stub-unused-supabase',
  setup(b) {
    b.onResolve({ filter: /^@supabase\/(realtime|storage)-js$/ }, (args) => ({
      path: path.join(widgetsDir, 'lib', 'stubs', `${args.path.includes('realtime') ? 'realtime' : 'storage'}.ts`),
    }));
  },
});

export function esbuildOptions({ widgetsDir, backend, minify = true }: BundleOptions): esbuild.BuildOptions {
  return {
    entryPoints: { loader: path.join(widgetsDir, 'runtime', 'loader.ts') },
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
    plugins: [stubUnusedSupabase(widgetsDir)],
    logLevel: 'silent',
    tsconfig: path.join(widgetsDir, 'tsconfig.json'),
    define: {
      'process.env.NODE_ENV': '"production"',
      __SITE_BACKEND__: JSON.stringify(backend),
    },
  };
}

export async function readBundle(result: esbuild.BuildResult, root: string): Promise<WidgetBundle> {
  const files = new Map<string, Uint8Array>();
  const gzip = new Map<string, number>();
  const cwd = process.cwd();
  const outputs = result.outputFiles ?? [];
  // Compressed on libuv's threads, while the main thread reads articles.
  const sizes = await Promise.all(outputs.map((o) => gzipAsync(o.contents, { level: 9 }).then((z) => z.byteLength)));
  outputs.forEach((out, i) => {
    const rel = path.relative(cwd, out.path).split(path.sep).join('/');
    files.set(rel, out.contents);
    gzip.set(rel, sizes[i]!);
  });
  const meta = result.metafile!;
  const staticImports = new Map<string, string[]>();
  const dynamicImports = new Map<string, string[]>();
  const islandChunks = new Map<string, string>();
  let loader = '';
  for (const [file, out] of Object.entries(meta.outputs)) {
    staticImports.set(file, out.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path));
    dynamicImports.set(file, out.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path));
    if (!out.entryPoint) continue;
    const entry = out.entryPoint.replace(/\\/g, '/');
    if (entry.endsWith('runtime/loader.ts')) loader = file;
    const m = /islands\/([A-Za-z]+)\.tsx?$/.exec(entry);
    if (m) islandChunks.set(m[1]!, file);
  }
  const inputs = Object.keys(meta.inputs).map((i) => path.resolve(root, i));
  return { loader: `/${loader}`, files, gzip, staticImports, dynamicImports, islandChunks, inputs };
}

export async function bundleWidgets(options: BundleOptions): Promise<WidgetBundle> {
  try {
    // Loaded here, not at start-up: a build whose widgets come from the cache never needs it (~15 ms).
    const { build } = await import('esbuild');
    const result = await build(esbuildOptions(options));
    return await readBundle(result, process.cwd());
  } catch (e) {
    const errors = (e as { errors?: esbuild.Message[] }).errors;
    const first = errors?.[0];
    const where = first?.location ? `${first.location.file}:${first.location.line}: ` : '';
    throw new SiteError('WidgetBundleFailed', { reason: `${where}${first?.text ?? (e as Error).message}` });
  }
}
