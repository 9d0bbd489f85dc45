import { readFileSync } from 'node:fs';

/**
 * When a process started, as the kernel counts it (Linux: field 22 of
 * /proc/<pid>/stat, clock ticks since boot), so that a pid the system has
 * recycled for another program is not taken for the one that wrote a lock.
 * null where there is no /proc or it cannot be read.
 */
export function processStartTime(pid: number): string | null {
  try {
    return startTimeFromStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

/** Field 22 of a /proc/<pid>/stat line. Field 2 (the command name, in parentheses) may hold spaces and ')'. */
export function startTimeFromStat(stat: string): string | null {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), so field 22 is fields[19].
  const start = fields[19];
  return start && /^\d+$/.test(start) ? start : null;
}
