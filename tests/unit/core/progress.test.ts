/** The progress line stays silent for short builds and off terminals, redraws at most ten times a second, and clears only what it drew. */
import { describe, expect, it } from 'vitest';
import { progressLine } from '../../../generator/core/progress.ts';

const CLEAR = '\r\x1b[2K';

/** A fake terminal (or pipe) and a clock the test moves by hand. */
function setup(isTTY = true) {
  const writes: string[] = [];
  const stream = { isTTY, write: (s: string) => (writes.push(s), true) } as unknown as NodeJS.WriteStream;
  const clock = { t: 5_000 };
  const progress = progressLine(stream, () => clock.t);
  /** Moves the clock to `ms` after the progress line was made. */
  const at = (ms: number) => (clock.t = 5_000 + ms);
  return { writes, progress, at };
}

describe('progressLine', () => {
  it('writes nothing in the first second', () => {
    const { writes, progress, at } = setup();
    for (const ms of [0, 200, 500, 999]) {
      at(ms);
      progress.update('Rendering pages', 1, 10);
    }
    at(999);
    progress.update('Rendering pages', 10, 10);
    progress.done();
    expect(writes).toEqual([]);
  });

  it('draws the line in place after a second', () => {
    const { writes, progress, at } = setup();
    at(1000);
    progress.update('Rendering pages', 5, 10);
    expect(writes).toEqual([`${CLEAR}Rendering pages 5/10`]);
  });

  it('redraws at most once per 100 ms', () => {
    const { writes, progress, at } = setup();
    at(1000);
    progress.update('Rendering pages', 5, 10);
    at(1050);
    progress.update('Rendering pages', 6, 10);
    at(1099);
    progress.update('Rendering pages', 7, 10);
    at(1100);
    progress.update('Rendering pages', 8, 10);
    at(1150);
    progress.update('Reading articles', 9, 10);
    expect(writes).toEqual([`${CLEAR}Rendering pages 5/10`, `${CLEAR}Rendering pages 8/10`]);
  });

  it('always draws the final count (done === total), however soon after the last redraw', () => {
    const { writes, progress, at } = setup();
    at(1000);
    progress.update('Rendering pages', 9, 10);
    at(1001);
    progress.update('Rendering pages', 10, 10);
    expect(writes).toEqual([`${CLEAR}Rendering pages 9/10`, `${CLEAR}Rendering pages 10/10`]);
  });

  it('done() clears the line once, when something was drawn', () => {
    const { writes, progress, at } = setup();
    at(1500);
    progress.update('Rendering pages', 3, 4);
    progress.done();
    progress.done();
    expect(writes).toEqual([`${CLEAR}Rendering pages 3/4`, CLEAR]);
  });

  it('done() writes nothing when nothing was drawn', () => {
    const { writes, progress, at } = setup();
    at(300);
    progress.update('Rendering pages', 3, 4);
    progress.done();
    expect(writes).toEqual([]);
  });

  it('draws again after done() for the next stage', () => {
    const { writes, progress, at } = setup();
    at(1000);
    progress.update('Reading articles', 10, 10);
    progress.done();
    at(1010);
    progress.update('Rendering pages', 40, 40);
    expect(writes).toEqual([`${CLEAR}Reading articles 10/10`, CLEAR, `${CLEAR}Rendering pages 40/40`]);
  });

  it('writes nothing ever when the stream is not a terminal', () => {
    const { writes, progress, at } = setup(false);
    for (const ms of [0, 1000, 2000, 10_000]) {
      at(ms);
      progress.update('Rendering pages', ms, 10_000);
    }
    progress.done();
    expect(writes).toEqual([]);
  });
});
