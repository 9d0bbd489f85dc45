/** The Deno processes running on this machine, read from /proc (Linux), for tests of what a backend leaves running. */
import { readdirSync, readFileSync } from 'node:fs';
import { denoBinary } from '../../../../generator/backend/functions/denoBinary.ts';

export const DENO = denoBinary();

/** A process's command line, NUL-separated; '' when it is gone (or a zombie). */
export function readCmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** Pids of the `deno run` processes whose command line holds `text` (every one without it). */
export function denoProcesses(text = ''): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      const cmdline = readCmdline(Number(entry));
      return cmdline.startsWith(`${DENO}\0run`) && cmdline.includes(text);
    })
    .map(Number);
}
