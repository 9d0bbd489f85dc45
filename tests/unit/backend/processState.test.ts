import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processState, stateOf } from '../../../generator/backend/processState.ts';

const stat = (state: string, flags: number) => `42 (node (a) b) ${state} 1 42 42 0 -1 ${flags} 10 0 0 0 1 2 0 0 20 0 11 0 987654 100 10 18446744073709551615`;
const status = (sigPnd = '0000000000000000', shdPnd = '0000000000000000') => `Name:\tnode\nState:\tS (sleeping)\nSigPnd:\t${sigPnd}\nShdPnd:\t${shdPnd}\n`;

describe('stateOf', () => {
  it('tells a running process, one killed or exiting, and a zombie apart, with its start time', () => {
    expect(stateOf(stat('S', 4194560), status())).toEqual({ life: 'running', start: '987654' });
    expect(stateOf(stat('R', 0x40840c), status())).toEqual({ life: 'dying', start: '987654' });
    expect(stateOf(stat('S', 4194560), status('0000000000000000', '0000000000000100'))).toEqual({ life: 'dying', start: '987654' });
    expect(stateOf(stat('D', 4194560), status('0000000000000100'))).toMatchObject({ life: 'dying' });
    // Another signal pending (SIGTERM, bit 15) is no death sentence: the process may handle it.
    expect(stateOf(stat('S', 4194560), status('0000000000004000'))).toMatchObject({ life: 'running' });
    expect(stateOf(stat('Z', 0x40840c), status())).toEqual({ life: 'gone', start: '987654' });
    expect(stateOf(stat('X', 0), '')).toMatchObject({ life: 'gone' });
  });
});

describe('processState', () => {
  it.runIf(process.platform === 'linux')('reads this process as running, a zombie as gone, and an unused pid as gone', async () => {
    expect(processState(process.pid)).toMatchObject({ life: 'running', start: expect.stringMatching(/^\d+$/) });
    // A child of a process that never collects its children (sh, then exec'd sleep): a zombie once it exits.
    const parent = spawn('sh', ['-c', 'sleep 0.01 & echo $!; exec sleep 30']);
    const pid = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(d.toString()))));
    try {
      await expect.poll(() => processState(pid)?.life, { timeout: 10_000 }).toBe('gone');
      expect(processState(pid)?.start).toMatch(/^\d+$/);
    } finally {
      parent.kill();
    }
    expect(processState(2 ** 22 + 1)).toEqual({ life: 'gone', start: null });
  });
});
