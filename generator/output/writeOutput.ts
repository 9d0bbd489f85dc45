/**
 * Writes the built files into a temporary sibling folder. A build whose
 * previous output is its own (the marker) and that is asked to (`inPlace`)
 * writes there only what changed, and its commit moves those files into the
 * previous output under a journal (outputJournal.ts); any other build fills
 * the folder whole and swaps it in. A failed build never touches the
 * previous output: commit() is its last step. `OutputDir` lets
 * the build stream pages in as they render (from worker threads too: they
 * write into `tmp` directly); `writeOutput` writes a whole map at once.
 * Every output holds OUTPUT_MARKER, listing what the build wrote: the sign
 * that a build may replace the folder again (generator/output/checkOutDir.ts).
 * Entries the user keeps (--keep .git,CNAME) move from the previous output
 * into the new one; the previous output is deleted only once they have.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from '../core/errors.ts';
import { stampOf } from '../core/stampOf.ts';
import { layerOff } from '../core/speedLayers.cjs';
import { commitJournal, filesUnder } from './commitJournal.ts';
import { makeJournal } from './outputJournal.ts';
import { markerText, OUTPUT_MARKER } from './outputMarker.ts';

export type OutputFiles = Map<string, string | Uint8Array>;

/** The absolute path of `file` inside `dir`; refuses paths that would escape it. */
export function outputPath(dir: string, file: string): string {
  const target = path.resolve(dir, file);
  if (path.isAbsolute(file) || !target.startsWith(dir + path.sep)) throw new Error(`Output path "${file}" is not inside the output folder`);
  return target;
}

/** From how many changed files, when they are most of the output, a build in place swaps a whole folder in instead. */
export const SWAP_FROM = 1000;

export class OutputDir {
  private dirs = new Set<string>();
  /** In place: the files of the previous output that this build's output holds as they are. */
  private readonly unchanged = new Set<string>();

  private constructor(
    readonly outDir: string,
    /** The folder being filled; becomes outDir on commit, or in place, holds the files that changed. */
    readonly tmp: string,
    /** Entries of the previous output that the new one takes over as they are. */
    readonly keep: readonly string[],
    /** Whether the build writes into the previous output, its changes alone, under a journal. */
    readonly inPlace: boolean,
  ) {}

  /**
   * `inPlace`: write into the previous output when it is a build's (it holds the marker; the folder was
   * checked by guardOutDir.ts) and the speed layer is on; else the output is filled whole and swapped in.
   */
  static async open(outDir: string, options: { keep?: readonly string[]; inPlace?: boolean } = {}): Promise<OutputDir> {
    const parent = path.dirname(outDir);
    await mkdir(parent, { recursive: true });
    // mkdtemp: two builds started in the same millisecond never share a folder.
    const tmp = await mkdtemp(path.join(parent, `.${path.basename(outDir)}-tmp-`));
    // mkdtemp makes a private folder; the output must be readable by a web server serving it in place.
    await chmod(tmp, 0o755);
    const inPlace = !!options.inPlace && !layerOff('inPlace') && isFile(path.join(outDir, OUTPUT_MARKER));
    return new OutputDir(outDir, tmp, options.keep ?? [], inPlace);
  }

  /**
   * In place: whether the previous output's `file` has `stamp` (it is a link of the stored file it would be
   * placed from, unchanged since): then it stays as it is, and the build writes nothing for it.
   */
  holds(file: string, stamp: string | null | undefined): boolean {
    if (!this.inPlace || !stamp) return false;
    const found = lstatSync(outputPath(this.outDir, file), { throwIfNoEntry: false });
    if (!found?.isFile() || stampOf(found) !== stamp) return false;
    this.unchanged.add(file.split(path.sep).join('/'));
    return true;
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

  /** Writes `file`; in place, not when the previous output holds these bytes already. */
  write(file: string, data: string | Uint8Array): void {
    if (this.inPlace && this.sameBytes(file, data)) this.unchanged.add(file.split(path.sep).join('/'));
    else writeFileSync(this.pathFor(file), data);
  }

  private sameBytes(file: string, data: string | Uint8Array): boolean {
    const target = outputPath(this.outDir, file);
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    const found = lstatSync(target, { throwIfNoEntry: false });
    return !!found?.isFile() && found.size === bytes.byteLength && readFileSync(target).equals(bytes);
  }

  /**
   * Writes the marker, swaps the finished folder in for the previous output and moves the kept entries
   * across. The previous output is deleted before this returns, or, with `background`, by a detached
   * process after it (thousands of files take a tenth of a second to delete, and nothing needs to wait
   * for that). Throws OutputKeepWritten, before touching the previous output, when the build wrote an
   * entry it was asked to keep.
   */
  async commit(options: { background?: boolean } = {}): Promise<void> {
    if (this.inPlace) {
      const staged = filesUnder(this.tmp);
      if (staged.length <= Math.max(SWAP_FROM, this.unchanged.size)) return this.commitInPlace(staged);
      // Most of a big output is new (a new version of the engine, a changed layout): moving thousands of
      // files in one by one costs more than a new folder (each replaced file freed on this thread), so the unchanged ones join the new files (links
      // of the previous output's) and the folder is swapped in whole, as without a previous output.
      for (const file of this.unchanged) linkOrCopy(outputPath(this.outDir, file), this.pathFor(file));
    }
    const written = await readdir(this.tmp);
    const clash = this.keep.filter((name) => written.includes(name));
    if (clash.length) throw new SiteError('OutputKeepWritten', { names: clash });
    writeFileSync(path.join(this.tmp, OUTPUT_MARKER), markerText(written));
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
    // A kept entry that does not move stays in the previous output, which is then not deleted.
    for (const name of this.keep) {
      await rename(path.join(old, name), path.join(this.outDir, name)).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw new Error(`Could not move ${name} into ${this.outDir}; it is still in ${old}: ${e.message}`);
      });
    }
    if (options.background && removeInBackground(old)) return;
    await rm(old, { recursive: true, force: true });
  }

  /**
   * In place, unless thousands of files changed, most of the output: the marker written beside the changed files, then
   * one journal moves them into the previous output and removes its files the build no longer writes (the
   * kept entries aside).
   */
  private commitInPlace(staged: string[]): void {
    const produced = new Set([...staged, ...this.unchanged]);
    const top = [...new Set([...produced].map((f) => f.split('/')[0]!))];
    const clash = this.keep.filter((name) => top.includes(name));
    if (clash.length) throw new SiteError('OutputKeepWritten', { names: clash });
    writeFileSync(path.join(this.tmp, OUTPUT_MARKER), markerText(top));
    const folders: string[] = [];
    const removes = filesUnder(this.outDir, new Set(this.keep), folders).filter((f) => !produced.has(f) && f !== OUTPUT_MARKER);
    // A folder of the previous output that holds no file of the new one (one made by hand, even empty) goes whole.
    const needed = new Set([...produced].flatMap((f) => f.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
    for (const dir of folders) {
      const parent = path.posix.dirname(dir);
      if (!needed.has(dir) && (parent === '.' || needed.has(parent))) removes.push(`${dir}/`);
    }
    commitJournal(this.outDir, makeJournal(path.basename(this.tmp), [...staged, OUTPUT_MARKER], removes, OUTPUT_MARKER));
  }

  /** Drops the unfinished folder; the previous output stays as it was. */
  async abort(): Promise<void> {
    await rm(this.tmp, { recursive: true, force: true });
  }
}

function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

const isFile = (file: string): boolean => existsSync(file) && statSync(file).isFile();

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

export async function writeOutput(outDir: string, files: OutputFiles, options: { keep?: readonly string[] } = {}): Promise<void> {
  const out = await OutputDir.open(outDir, options);
  try {
    for (const f of files.keys()) outputPath(out.tmp, f);
    for (const [f, data] of files) out.write(f, data);
    await out.commit();
  } catch (e) {
    await out.abort();
    throw e;
  }
}
