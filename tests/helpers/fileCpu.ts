/**
 * A vitest setup file (vitest.config.ts): the processor time a test file took, its own process's and that
 * of every process it started (a CLI run, Chromium and its renderers, Deno), kept in the file's meta for
 * SlowestFilesReporter.ts. Unlike the wall time, it hardly changes with how busy the machine is. Counted
 * by the process's control group (cpuGroup.ts) where the machine gives one; elsewhere the process and the
 * children it waited for (Chromium's renderers then escape it).
 */
import { readFileSync } from 'node:fs';
import { afterAll } from 'vitest';
import { groupCpuMs } from './cpuGroup.ts';

declare module 'vitest' {
  interface TaskMeta {
    /** Milliseconds of processor time (user and system) this file took, its child processes included. */
    cpuMs?: number;
  }
}

/** This process's processor time and that of its waited-for children, in ms (Linux; 0 elsewhere). */
export function processorMs(): number {
  try {
    // /proc/self/stat: fields 14-17 are utime, stime, cutime, cstime in clock ticks (after the command's closing parenthesis).
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) * 10;
  } catch {
    return 0;
  }
}

/** The processor time of this process and what it started: its group's, else its own and its waited-for children's. */
const grouped = groupCpuMs() !== null;
const treeMs = grouped ? () => groupCpuMs()! : processorMs;

// From before the test file is imported (a setup file runs first, once per file).
const started = treeMs();
// vitest gives a hook its fixtures first (none here), its suite second.
afterAll(({}, file) => {
  // processorMs() gives 0 where it cannot tell.
  if (grouped || started) file.meta.cpuMs = treeMs() - started;
});
