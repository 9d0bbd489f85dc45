/**
 * Writes the built files atomically: everything goes into a temporary
 * sibling folder, which is swapped in only when complete, unless the
 * previous output already is exactly what the build made (keep). A failed
 * build never touches the previous output. `OutputDir` lets the build stream
 * pages in as they render (from worker threads too: they write into
 * `tmp` directly); `writeOutput` writes a whole map at once.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

export type OutputFiles = Map<string, string | Uint8Array>;

/** The absolute path of `file` inside `dir`; refuses paths that would escape it. */
export function outputPath(dir: string, file: string): string {
  const target = path.resolve(dir, file);
  if (path.isAbsolute(file) || !target.startsWith(dir + path.sep)) throw new Error(`Output path "${file}" is not inside the output folder`);
  return target;
}

export class OutputDir {
  private dirs = new Set<string>();
  /** Pages left where they are in the current output instead of being placed in `tmp` (keep). */
  private kept: string[] | null = null;

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
    return new OutputDir(outDir, tmp);
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
    if (this.kept) {
      // Nothing changed: the current output stays as it is (no swap, nothing to delete).
      if (await this.unchanged(this.kept)) return this.abort();
      for (const file of this.kept) linkOrCopy(outputPath(this.outDir, file), this.pathFor(file));
      this.kept = null;
    }
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

  /**
   * For a build where every page is the current output's already (the caller checked their stamps): the
   * pages are not placed in `tmp`. commit() keeps the current output when the rest of `tmp` is byte for
   * byte what it holds and it holds nothing else; otherwise it places them, from there, and swaps as usual.
   */
  keep(files: string[]): void {
    this.kept = files;
  }

  /** The current output holds the kept pages, every file of `tmp` with the same bytes, and nothing else. */
  private async unchanged(kept: string[]): Promise<boolean> {
    const [fresh, current] = await Promise.all([listTree(this.tmp), listTree(this.outDir).catch(() => null)]);
    if (!current) return false;
    const expected = new Set([...fresh, ...kept.map((f) => path.normalize(f))]);
    // The folders the kept pages sit in (tmp's own are listed already).
    for (const file of kept) for (let dir = path.dirname(file); dir !== '.'; dir = path.dirname(dir)) expected.add(`${path.normalize(dir)}${path.sep}`);
    if (current.size !== expected.size || [...current].some((entry) => !expected.has(entry))) return false;
    for (const file of fresh) {
      if (file.endsWith(path.sep)) continue;
      const [a, b] = await Promise.all([readFile(path.join(this.tmp, file)), readFile(path.join(this.outDir, file))]);
      if (!a.equals(b)) return false;
    }
    return true;
  }

  /** Drops the unfinished folder; the previous output stays as it was. */
  async abort(): Promise<void> {
    await rm(this.tmp, { recursive: true, force: true });
  }
}

/** Every entry below `dir`, relative: files as they are, folders with a trailing separator, anything else with a trailing "?". */
async function listTree(dir: string): Promise<Set<string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return new Set(
    entries.map((e) => {
      const rel = path.relative(dir, path.join(e.parentPath, e.name));
      return e.isFile() ? rel : e.isDirectory() ? `${rel}${path.sep}` : `${rel}?`;
    }),
  );
}

/** A hard link of `from` at `to`, or a copy where links are not possible. */
function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
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
