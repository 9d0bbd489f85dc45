/** Which widths of an image are made: the configured ones up to the source's, its own width between two, never an upscale. */
import { describe, expect, it } from 'vitest';
import { chooseWidths } from '../../../generator/images/chooseWidths.ts';
import { DEFAULT_WIDTHS } from '../../../generator/images/imageTypes.ts';

describe('chooseWidths', () => {
  it('makes every default width of a 2400 px source', () => {
    expect(chooseWidths(2400, DEFAULT_WIDTHS)).toEqual([480, 800, 1200, 1600, 2400]);
  });
  it('never makes a width above the source, and adds the source width between two steps', () => {
    expect(chooseWidths(1000, DEFAULT_WIDTHS)).toEqual([480, 800, 1000]);
  });
  it('makes only the source width of a source narrower than every step', () => {
    expect(chooseWidths(300, DEFAULT_WIDTHS)).toEqual([300]);
  });
  it('stops at the largest configured width for a source wider than all of them', () => {
    expect(chooseWidths(6000, DEFAULT_WIDTHS)).toEqual([480, 800, 1200, 1600, 2400]);
  });
  it('sorts the configured widths and drops duplicates and nonsense', () => {
    expect(chooseWidths(2000, [1600, 400, 400, 0, -3, 1.5, 800, 2400])).toEqual([400, 800, 1600, 2000]);
  });
});
