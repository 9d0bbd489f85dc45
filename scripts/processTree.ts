/**
 * Peak memory of a process tree, for the bench: a build of ours runs esbuild as a child process beside
 * Node, Hugo and Eleventy run as one process each. Every 20 ms the watcher finds the tree's processes
 * (/proc/<pid>/stat: parent ids) and reads each one's high-water mark (VmHWM in /proc/<pid>/status,
 * which the kernel keeps: it only grows, so a reading taken any time before a process exits holds its
 * peak so far). The tree's peak is the sum of its processes' peaks: exact for one process, and for
 * several an upper bound (they need not peak at the same moment), so a tree never counts as smaller
 * than it was. Linux only; elsewhere it reads nothing (0).
 */
import { readdirSync, readFileSync } from 'node:fs';

const hwmKb = (pid: number): number | undefined => {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return undefined; // exited
  }
};

/** The parent of each process now running. */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return out;
  }
  for (const name of names) {
    if (name.charCodeAt(0) > 57) continue; // not a number: /proc/self, /proc/meminfo, ...
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      out.set(Number(name), ppid);
    } catch {
      /* exited while listed */
    }
  }
  return out;
}

export interface TreePeak {
  /** The root process's own peak. */
  rootKb: number;
  /** The peaks of its descendants, summed. */
  childrenKb: number;
  /** How many processes the tree had, root included. */
  processes: number;
}

/** Watches the tree of `pid` until stop() (call it when the root has exited, before reading). */
export function watchTree(pid: number): { stop(): TreePeak } {
  const peaks = new Map<number, number>();
  const tick = () => {
    const tree = new Set([pid]);
    const all = parents();
    let grew = true;
    while (grew) {
      grew = false;
      for (const [child, parent] of all)
        if (!tree.has(child) && tree.has(parent)) {
          tree.add(child);
          grew = true;
        }
    }
    for (const p of tree) {
      const kb = hwmKb(p);
      if (kb !== undefined) peaks.set(p, Math.max(peaks.get(p) ?? 0, kb));
    }
  };
  tick();
  const timer = setInterval(tick, 20);
  return {
    stop() {
      clearInterval(timer);
      let childrenKb = 0;
      for (const [p, kb] of peaks) if (p !== pid) childrenKb += kb;
      return { rootKb: peaks.get(pid) ?? 0, childrenKb, processes: Math.max(1, peaks.size) };
    },
  };
}
