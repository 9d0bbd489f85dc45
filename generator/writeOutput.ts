/**
 * Writes the built files: everything goes into a temporary sibling folder,
 * which is swapped in whole when complete. A failed build never touches
 * the previous output: commit() is its last step. `OutputDir` lets
 * the build stream pages in as they render (from worker threads too: they
 * write into `tmp` directly); `writeOutput` writes a whole map at once.
 * Every output holds OUTPUT_MARKER: the sign that a build may replace
 * the folder again (generator/checkOutDir.ts).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';

export type OutputFiles = Map<string, string | Uint8Array>;

/** The file that marks a folder as written by `site build`. A dot-file that `site preview` does not serve; its text is harmless where a host does. */
export const OUTPUT_MARKER = '.site-build';
export const OUTPUT_MARKER_TEXT =
  'This folder was written by `site build`, which replaces it whole on every build.\n' +
  'Without this file, `site build` refuses to replace the folder unless given --empty-out-dir.\n';

/** The absolute path of `file` inside `dir`; refuses paths that would escape it. */
export function outputPath(dir: string, file: string): string {
  const target = path.resolve(dir, file);
  if (path.isAbsolute(file) || !target.startsWith(dir + path.sep)) throw new Error(`Output path "${file}" is not inside the output folder`);
  return target;
}

export class OutputDir {
  private dirs = new Set<string>();

  private constructor(
    readonly outDir: string,
    /** The folder being filled; becomes outDir on commit. */
    readonly tmp: string,
  ) {}

  static async open(outDir: string): Promise<OutputDir> {
    const parent = path.dirname(outDir);
    await mkdir(parent, { recursive: true });
    // mkdtemp: two builds started in the same millisecond never share a folder.
    const tmp = await mkdtemp(path.join(parent, `.${path.basename(outDir)}-tmp-`));
    // mkdtemp makes a private folder; the output must be readable by a web server serving it in place.
    await chmod(tmp, 0o755);
    const out = new OutputDir(outDir, tmp);
    out.write(OUTPUT_MARKER, OUTPUT_MARKER_TEXT);
    return out;
  }

  /** Where `file` goes, its folder made. */
  pathFor(file: string): string {
    const target = outputPath(this.tmp, file);
    const dir = path.dirname(target);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    return target;
  }

  write(file: string, data: string | Uint8Array): void {
    writeFileSync(this.pathFor(file), data);
  }

  /**
   * Swaps the finished folder in for the previous output. The previous output is deleted before this
   * returns, or, with `background`, by a detached process after it (thousands of files take a tenth of
   * a second to delete, and nothing needs to wait for that).
   */
  async commit(options: { background?: boolean } = {}): Promise<void> {
    const old = `${this.tmp}-old`;
    let hadOld = true;
    await rename(this.outDir, old).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
      hadOld = false;
    });
    try {
      await rename(this.tmp, this.outDir);
    } catch (e) {
      await this.abort();
      if (hadOld) await rename(old, this.outDir);
      throw e;
    }
    if (!hadOld) return;
    if (options.background && removeInBackground(old)) return;
    await rm(old, { recursive: true, force: true });
  }

  /** Drops the unfinished folder; the previous output stays as it was. */
  async abort(): Promise<void> {
    await rm(this.tmp, { recursive: true, force: true });
  }
}

/** Deletes a folder from a detached process that outlives this one; false if it could not start. */
function removeInBackground(dir: string): boolean {
  try {
    const child = spawn(process.execPath, ['-e', 'require("fs").rmSync(process.argv[1], { recursive: true, force: true })', dir], {
      detached: true,
      stdio: 'ignore',
    });
    child.on('error', () => void rm(dir, { recursive: true, force: true }));
    child.unref();
    return true;
  } catch {
    return false;
  }
}

export async function writeOutput(outDir: string, files: OutputFiles): Promise<void> {
  const out = await OutputDir.open(outDir);
  try {
    for (const f of files.keys()) outputPath(out.tmp, f);
    for (const [f, data] of files) out.write(f, data);
  } catch (e) {
    await out.abort();
    throw e;
  }
  await out.commit();
}
