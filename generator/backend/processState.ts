import { readFileSync } from 'node:fs';

/**
 * Whether a process that holds a lock can still act, as Linux tells it (/proc/<pid>/stat and status):
 * 'gone' (no such process, or a zombie: it has exited and waits for its parent to collect it, which a
 * supervisor may take seconds to do), 'dying' (killed or exiting: it runs none of its own code again,
 * and becomes a zombie within moments), or 'running'. `start`: when it started (field 22 of stat,
 * clock ticks since boot), so that a pid the system has given to another program is not taken for the
 * one that wrote a lock. null where there is no /proc.
 */
export interface ProcessState {
  life: 'running' | 'dying' | 'gone';
  start: string | null;
}

/** PF_EXITING in the flags of /proc/<pid>/stat: the process has begun to exit. */
const PF_EXITING = 0x4;
/** SIGKILL's bit in a signal mask of /proc/<pid>/status. */
const SIGKILL_BIT = 1n << 8n;

export function processState(pid: number): ProcessState | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    // No /proc here: nothing to tell. With /proc, no such pid: the process is gone.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' && readable('/proc/self/stat') ? { life: 'gone', start: null } : null;
  }
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    // Gone between the two reads: stat alone says enough.
  }
  return stateOf(stat, status);
}

/** Pure: the state of a process from its /proc stat line and status text. */
export function stateOf(stat: string, status: string): ProcessState {
  // Field 2 (the command name, in parentheses) may hold spaces and ')'; fields[0] is field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0] ?? '';
  const flags = Number(fields[6] ?? 0);
  const start = fields[19] && /^\d+$/.test(fields[19]) ? fields[19] : null;
  if (state === 'Z' || state === 'X' || state === 'x') return { life: 'gone', start };
  const killed = /^(SigPnd|ShdPnd):\s*([0-9a-f]+)$/gim;
  let pending = false;
  for (const [, , mask] of status.matchAll(killed)) if ((BigInt(`0x${mask}`) & SIGKILL_BIT) !== 0n) pending = true;
  return { life: flags & PF_EXITING || pending ? 'dying' : 'running', start };
}

function readable(file: string): boolean {
  try {
    readFileSync(file);
    return true;
  } catch {
    return false;
  }
}
