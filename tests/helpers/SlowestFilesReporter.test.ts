import { describe, expect, it } from 'vitest';
import { slowestFiles } from './SlowestFilesReporter.ts';

describe('slowestFiles', () => {
  it('lists the slowest files first, with their processor time and tests, then the sums over every file', () => {
    const files = Array.from({ length: 12 }, (_, i) => ({ file: `tests/unit/f${i}.test.ts`, ms: (i + 1) * 1000, cpuMs: (i + 1) * 500, tests: i }));
    const lines = slowestFiles(files);
    expect(lines).toHaveLength(12);
    expect(lines[0]).toContain('The 10 slowest test files');
    expect(lines[1]).toMatch(/^ +12\.0 s +6\.0 s CPU {2}tests\/unit\/f11\.test\.ts {2}11 tests$/);
    expect(lines[10]).toContain('tests/unit/f2.test.ts');
    expect(lines[11]).toMatch(/^ +78\.0 s +39\.0 s CPU {2}all 12 files together$/);
  });

  it('leaves the processor time out where a file could not tell it, and prints nothing for no files', () => {
    const lines = slowestFiles([
      { file: 'a.test.ts', ms: 2000, tests: 1 },
      { file: 'b.test.ts', ms: 1000, cpuMs: 400, tests: 2 },
    ]);
    expect(lines[1]).toMatch(/^ +2\.0 s {14}a\.test\.ts {2}1 tests$/);
    expect(lines[2]).toContain('0.4 s CPU');
    expect(lines[3]).not.toContain('CPU');
    expect(slowestFiles([])).toEqual([]);
  });
});
