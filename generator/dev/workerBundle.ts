/**
 * The dev render worker as one esbuild bundle (templates, generator and
 * their npm dependencies in one file). Loading one file is ~4x faster than
 * resolving hundreds of modules through tsx, and a template edit becomes an
 * incremental rebuild plus a fresh worker: a fresh module graph, nothing
 * stale. The bundle is cached under .site/cache and reused while none of its
 * inputs changed (mtime and size).
 */
import * as esbuild from 'esbuild';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';

// Native binaries and wasm stay outside the bundle and load from node_modules.
const external = ['esbuild', 'lightningcss', '@electric-sql/pglite', 'chokidar', 'fsevents'];

interface Manifest {
  file: string;
  inputs: Record<string, string>;
}

const fingerprint = async (file: string) => {
  const s = await stat(file).catch(() => null);
  return s ? `${s.mtimeMs}:${s.size}` : 'missing';
};

export interface WorkerBundle {
  /** Absolute path of the current bundle. */
  file: string;
  /** Rebuilds after a source change; returns the new bundle path. */
  rebuild(): Promise<string>;
  dispose(): Promise<void>;
}

export async function workerBundle(root: string, entry: string): Promise<WorkerBundle> {
  const cacheDir = path.join(root, '.site', 'cache');
  const manifestFile = path.join(cacheDir, 'dev-worker.json');
  let ctx: esbuild.BuildContext | undefined;

  const build = async (): Promise<string> => {
    ctx ??= await esbuild.context({
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      jsx: 'automatic',
      write: false,
      metafile: true,
      outfile: path.join(cacheDir, 'dev-worker.mjs'),
      external,
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"development"' },
      // Bundled CommonJS dependencies still call require() for Node built-ins.
      banner: { js: "import { createRequire as __siteRequire } from 'node:module'; const require = __siteRequire(import.meta.url);" },
    });
    const result = await ctx.rebuild();
    const code = result.outputFiles![0]!.contents;
    const file = path.join(cacheDir, `dev-worker.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.mjs`);
    await mkdir(cacheDir, { recursive: true });
    await writeFile(file, code);
    const inputs: Record<string, string> = {};
    await Promise.all(
      Object.keys(result.metafile!.inputs).map(async (i) => {
        inputs[i] = await fingerprint(path.resolve(root, i));
      }),
    );
    await writeFile(manifestFile, JSON.stringify({ file, inputs } satisfies Manifest));
    return file;
  };

  const cached = async (): Promise<string | null> => {
    try {
      const m = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest;
      const checks = await Promise.all(Object.entries(m.inputs).map(async ([i, fp]) => (await fingerprint(path.resolve(root, i))) === fp));
      return checks.every(Boolean) && (await fingerprint(m.file)) !== 'missing' ? m.file : null;
    } catch {
      return null;
    }
  };

  const bundle: WorkerBundle = {
    file: (await cached()) ?? (await build()),
    async rebuild() {
      bundle.file = await build();
      return bundle.file;
    },
    async dispose() {
      await ctx?.dispose();
    },
  };
  return bundle;
}
