import { readFileSync } from 'node:fs';

/**
 * The resident memory of a process in bytes (VmRSS of /proc/<pid>/status),
 * or null where there is no /proc (not Linux) or the process is gone.
 */
export function residentMemory(pid: number): number | null {
  try {
    const match = /^VmRSS:\s*(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
