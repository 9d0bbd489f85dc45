import { describe, expect, it } from 'vitest';
import { processStartTime, startTimeFromStat } from '../../../generator/backend/processStartTime.ts';

describe('startTimeFromStat', () => {
  it('reads field 22 of /proc/<pid>/stat', () => {
    const stat = '11131 (cat) R 11129 11129 4731 0 -1 4194304 100 0 0 0 0 0 0 0 20 0 1 0 45731 3133440 387 18446744073709551615';
    expect(startTimeFromStat(stat)).toBe('45731');
  });

  it('is not thrown off by a command name with spaces and parentheses', () => {
    const stat = '42 (node (a) b) S 1 42 42 0 -1 4194560 10 0 0 0 1 2 0 0 20 0 11 0 987654 100 10 18446744073709551615';
    expect(startTimeFromStat(stat)).toBe('987654');
  });

  it('is null for a line it cannot read', () => {
    expect(startTimeFromStat('garbage')).toBeNull();
  });
});

describe('processStartTime', () => {
  it.runIf(process.platform === 'linux')('is stable for a running process and differs from another process', () => {
    const mine = processStartTime(process.pid);
    expect(mine).toMatch(/^\d+$/);
    expect(processStartTime(process.pid)).toBe(mine);
    expect(processStartTime(1)).not.toBe(mine);
  });
});
