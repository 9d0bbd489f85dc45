import { describe, expect, it } from 'vitest';
import { applyEdit, directive, insertBlock, type Selection } from '../../../../generator/editor/ui/markdownEdits.ts';

/** "a[b]c": the text with the selection in brackets. */
const sel = (marked: string): Selection => {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  return { text: marked.replace('[', '').replace(']', ''), start, end };
};
const marked = (s: Selection) => `${s.text.slice(0, s.start)}[${s.text.slice(s.start, s.end)}]${s.text.slice(s.end)}`;

describe('markdown toolbar edits', () => {
  it('wraps the selection, or a placeholder to type over', () => {
    expect(marked(applyEdit('bold', sel('a [word] b')))).toBe('a **[word]** b');
    expect(marked(applyEdit('italic', sel('a [] b')))).toBe('a _[italic text]_ b');
    expect(marked(applyEdit('code', sel('run [npm test] now')))).toBe('run `[npm test]` now');
    expect(marked(applyEdit('link', sel('see [the docs]')))).toBe('see [the docs]([https://])');
  });

  it('prefixes whole lines, and takes a prefix off lines that all have it', () => {
    expect(applyEdit('heading', sel('Intro[]\nrest')).text).toBe('## Intro\nrest');
    expect(applyEdit('bullets', sel('[one\ntwo]')).text).toBe('- one\n- two');
    expect(applyEdit('numbers', sel('[one\ntwo]')).text).toBe('1. one\n2. two');
    expect(applyEdit('quote', sel('[> said]')).text).toBe('said');
  });

  it('puts a block in a paragraph of its own, whatever is around the cursor', () => {
    expect(insertBlock(sel('Text.[]'), 'B').text).toBe('Text.\n\nB\n');
    expect(insertBlock(sel('Text.\n[]'), 'B').text).toBe('Text.\n\nB\n');
    expect(insertBlock(sel('[]Text.'), 'B').text).toBe('B\n\nText.');
    expect(insertBlock(sel('a\n\n[]\n\nb'), 'B').text).toBe('a\n\nB\n\nb');
    const twice = insertBlock(insertBlock(sel('x[]'), '![a](a.png)'), '![b](b.png)');
    expect(twice.text).toBe('x\n\n![a](a.png)\n\n![b](b.png)\n');
    expect(applyEdit('code', sel('[a\nb]')).text).toBe('```\na\nb\n```\n');
  });

  it('writes a component\'s directive from its props', () => {
    expect(directive('tally', { label: 'Votes', start: 3, open: true, off: false }, false, '').block).toBe('::tally{label="Votes" start=3 open}');
    expect(directive('callout', {}, true, 'Inside.\n').block).toBe(':::callout\nInside.\n:::');
    expect(directive('quote', { by: 'She said "no"' }, false, '').block).toBe(`::quote{by='She said "no"'}`);
  });
});
