import { describe, expect, it } from 'vitest';
import { diffHunks, lineDiff } from '../../../generator/editor/lineDiff.ts';

const show = (before: string, after: string) => lineDiff(before, after).map((l) => `${l.op}${l.text}`);

describe('lineDiff', () => {
  it('keeps the lines both texts have and marks the ones each has alone', () => {
    expect(show('a\nb\nc\n', 'a\nB\nc\n')).toEqual([' a', '-b', '+B', ' c']);
    expect(show('', 'x\ny')).toEqual(['+x', '+y']);
    expect(show('x\ny\n', '')).toEqual(['-x', '-y']);
    expect(show('same', 'same\n')).toEqual([' same']);
    expect(show('a\nb\nc\nd', 'b\nc\nd\ne')).toEqual(['-a', ' b', ' c', ' d', '+e']);
  });

  it('gives back both texts: the unchanged and removed lines the first, the unchanged and added the second', () => {
    const a = 'one\ntwo\nthree\nfour\nfive\nsix';
    const b = 'zero\none\nthree\nfour\n4.5\nfive\nsix\nseven';
    const lines = lineDiff(a, b);
    expect(lines.filter((l) => l.op !== '+').map((l) => l.text).join('\n')).toBe(a);
    expect(lines.filter((l) => l.op !== '-').map((l) => l.text).join('\n')).toBe(b);
    // The fewest changes: zero and 4.5 and seven added, two removed.
    expect(lines.filter((l) => l.op !== ' ').map((l) => `${l.op}${l.text}`)).toEqual(['+zero', '-two', '+4.5', '+seven']);
  });

  it('leaves out runs of unchanged lines far from a change', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const hunks = diffHunks(lineDiff(before, before.replace('line 10', 'line ten')), 1);
    expect(hunks.map((l) => `${l.op}${l.text}`)).toEqual(['…', ' line 9', '-line 10', '+line ten', ' line 11', '…']);
  });
});
