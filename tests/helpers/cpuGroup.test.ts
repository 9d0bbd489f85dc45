/**
 * The control group that counts a test file's processor time (cpuGroup.ts) counts a process the test
 * process started and never waited for, as Chromium's renderers are. Skipped where the machine gives no
 * group (not root, no cgroup v1 cpuacct).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupCpuMs } from './cpuGroup.ts';

const grouped = groupCpuMs() !== null;

describe('cpuGroup', () => {
  it.skipIf(!grouped)('counts the processor time of a grandchild left running by a child that has already exited', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'site-cpu-group-'));
    const done = path.join(dir, 'done');
    try {
      const before = groupCpuMs()!;
      // The shell starts the busy process in the background and exits at once: nobody here waits for it.
      const burn = `const t=process.cpuUsage();while((process.cpuUsage(t).user+process.cpuUsage(t).system)<300000);require('fs').writeFileSync(${JSON.stringify(done)},'')`;
      const sh = spawn('sh', ['-c', `"${process.execPath}" -e "${burn.replace(/"/g, '\\"')}" >/dev/null 2>&1 &`], { stdio: 'ignore' });
      await new Promise((resolve) => sh.on('exit', resolve));
      while (!existsSync(done)) await new Promise((r) => setTimeout(r, 20));
      expect(groupCpuMs()! - before).toBeGreaterThanOrEqual(300);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
