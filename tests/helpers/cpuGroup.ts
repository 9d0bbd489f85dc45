/**
 * The processor time of a test process and of every process it starts, those that outlive their parent
 * included (Chromium's renderers, which no test process waits for): a Linux control group of the cpuacct
 * kind for the process, made when the machine lets it (root, cgroup v1). Elsewhere, none: fileCpu.ts
 * then counts the process and the children it waited for.
 */
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const CPUACCT = '/sys/fs/cgroup/cpuacct';
const PREFIX = 'site-test-';

let group: string | null | undefined;

/** This process's group, made and joined on the first call; null when the machine has none to give. */
function ownGroup(): string | null {
  if (group !== undefined) return group;
  try {
    const dir = path.join(CPUACCT, `${PREFIX}${process.pid}`);
    mkdirSync(dir, { recursive: true });
    // Every thread of this process; the processes it starts from now on are born in the group.
    writeFileSync(path.join(dir, 'cgroup.procs'), String(process.pid));
    group = dir;
  } catch {
    group = null;
  }
  return group;
}

/** Milliseconds of processor time of this process and everything it started since it joined its group; null without one. */
export function groupCpuMs(): number | null {
  const dir = ownGroup();
  if (!dir) return null;
  try {
    return Number(readFileSync(path.join(dir, 'cpuacct.usage'), 'utf8')) / 1e6;
  } catch {
    return null;
  }
}

/** Removes the groups of test processes that have ended (a group with a process left in it stays). */
export function removeEndedGroups(): void {
  let names: string[];
  try {
    names = readdirSync(CPUACCT).filter((n) => n.startsWith(PREFIX));
  } catch {
    return;
  }
  for (const n of names) {
    try {
      rmdirSync(path.join(CPUACCT, n));
    } catch {
      // Still in use.
    }
  }
}
