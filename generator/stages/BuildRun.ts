/**
 * The mechanics of one run of a path beside its stages: each stage's time, the output being filled (a
 * folder, or memory with write: false), and the build cache's packs being written off this thread, which
 * are awaited before the output goes in place and, when the run fails, before it returns.
 */
import type { OutputDir, OutputFiles } from '../output/writeOutput.ts';

export class BuildRun {
  readonly started = performance.now();
  /** ms per stage. */
  readonly stages: Record<string, number> = {};
  /** The output folder being filled, or null: files are kept in `memory`. */
  out: OutputDir | null = null;
  readonly memory: OutputFiles = new Map();
  private readonly writes: Promise<void>[] = [];

  /** A cache write under way: awaited in the write stage (a failing stage before it must not leave it unhandled). */
  writing(p: Promise<unknown>): void {
    const settled = p.then(() => {});
    settled.catch(() => {});
    this.writes.push(settled);
    // A long-lived run (`site dev`'s) forgets the writes that went well.
    settled.then(() => this.writes.splice(this.writes.indexOf(settled), 1), () => {});
  }

  /** One output file, into the output folder or memory. */
  emit(file: string, data: string | Uint8Array): void {
    if (this.out) this.out.write(file, data);
    else this.memory.set(file, data);
  }

  /** Every cache write, done (the first failure rejects). */
  writesDone(): Promise<unknown> {
    return Promise.all(this.writes);
  }

  /** After success or failure: every cache write finished (no stray temporary file). */
  async writesSettled(): Promise<void> {
    await Promise.allSettled(this.writes);
  }

  /** After a failure: the output being filled is removed; the previous one stays in place. */
  async abort(): Promise<void> {
    await this.out?.abort();
  }
}
