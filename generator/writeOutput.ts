/**
 * Writes the built files: everything goes into a temporary sibling folder,
 * which is swapped in whole when complete. A build that kept most pages as
 * they are in the current output (keep) updates that output in place
 * instead, file by file, each file replaced whole. A failed build never
 * touches the previous output: commit() is its last step. `OutputDir` lets
 * the build stream pages in as they render (from worker threads too: they
 * write into `tmp` directly); `writeOutput` writes a whole map at once.
 * Every output holds OUTPUT_MARKER: the sign that a build may replace
 * the folder again (generator/checkOutDir.ts).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { stampAt } from './cache/stampOf.ts';

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
  /** Pages left where they are in the current output instead of being placed in `tmp`, and the pages rendered into `tmp` (keep). */
  private kept: { files: string[]; rendered: string[] } | null = null;

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
    if (this.kept) {
      if (await this.patch(this.kept.files, this.kept.rendered)) return this.abort();
      // The current output is not what the kept pages need: they are placed in `tmp` and it is swapped in.
      for (const file of this.kept.files) linkOrCopy(outputPath(this.outDir, file), this.pathFor(file));
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
   * For a build whose `files` (pages) are in the current output as it would write them (the caller
   * checked their stamps): they are not placed in `tmp`, and commit() updates the current output in
   * place (patch). `rendered`: the pages this build wrote into `tmp`, which replace the current ones even
   * when their bytes are the same (the build records the new files' stamps).
   */
  keep(files: string[], rendered: string[] = []): void {
    this.kept = { files, rendered };
  }

  /** Whether commit() will update the current output in place (keep). */
  get keeping(): boolean {
    return this.kept !== null;
  }

  /** More files left where they are in the current output, once keep() was called (the caller checked their stamps: hasInPlace). */
  keepAlso(files: string[]): void {
    if (!this.kept) throw new Error('keepAlso() without keep()');
    this.kept.files.push(...files);
  }

  /** Whether the current output has `file` with the stamp `stamp` (a hard link of a stored file, unchanged since). */
  hasInPlace(file: string, stamp: string): boolean {
    return stampAt(outputPath(this.outDir, file)) === stamp;
  }

  /**
   * Brings the current output up to date in place: first the files it lacks (a new stylesheet is there
   * before the pages that name it), then those that changed (each replaced whole, by a rename), last it
   * deletes what the build no longer makes. A file of `tmp` with the same bytes as the current one
   * leaves that one as it is, unless rendered. Nothing changed: nothing is touched. Returns false, having
   * touched nothing, when the output cannot be patched: missing, lacking a kept page, holding anything but
   * files and folders, or a file where the build needs a folder (or the reverse).
   */
  private async patch(kept: string[], rendered: string[]): Promise<boolean> {
    const [fresh, current] = await Promise.all([listTree(this.tmp), listTree(this.outDir).catch(() => null)]);
    if (!current || [...current].some((entry) => entry.endsWith('?'))) return false;
    const expected = new Set(fresh);
    for (const file of kept) {
      const entry = path.normalize(file);
      if (!current.has(entry)) return false;
      expected.add(entry);
      // The folders the kept pages sit in (tmp's own are listed already).
      for (let dir = path.dirname(entry); dir !== '.'; dir = path.dirname(dir)) expected.add(`${dir}${path.sep}`);
    }
    const otherKind = (entry: string) => (entry.endsWith(path.sep) ? entry.slice(0, -1) : `${entry}${path.sep}`);
    if ([...expected].some((entry) => current.has(otherKind(entry)))) return false;

    const mustMove = new Set(rendered.map((f) => path.normalize(f)));
    const added: string[] = [];
    const changed: string[] = [];
    for (const entry of fresh) {
      if (entry.endsWith(path.sep)) continue;
      if (!current.has(entry)) added.push(entry);
      else if (mustMove.has(entry) || !(await sameBytes(path.join(this.tmp, entry), path.join(this.outDir, entry)))) changed.push(entry);
    }
    for (const entry of [...added, ...changed]) {
      const target = path.join(this.outDir, entry);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(path.join(this.tmp, entry), target);
    }
    for (const entry of current) if (!expected.has(entry)) await rm(path.join(this.outDir, entry), { recursive: true, force: true });
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

async function sameBytes(a: string, b: string): Promise<boolean> {
  // Two links of one file (a content image linked from the build cache into both) are the same bytes.
  const [sa, sb] = await Promise.all([stat(a), stat(b)]);
  if (sa.ino === sb.ino && sa.dev === sb.dev) return true;
  if (sa.size !== sb.size) return false;
  const [x, y] = await Promise.all([readFile(a), readFile(b)]);
  return x.equals(y);
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
