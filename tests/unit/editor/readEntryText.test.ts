/**
 * generator/editor/readEntryText.ts: an entry's fields as written (dates as their text, before
 * the schema's transforms) and its markdown body, from front matter, .json and .yaml.
 */
import { describe, expect, it } from 'vitest';
import { readEntryText } from '../../../generator/editor/readEntryText.ts';

describe('readEntryText', () => {
  it('reads front matter as written and the body without the final line break', () => {
    const text = '---\n# a comment\ntitle: "Hello"\ndate: 2025-10-24\ncount: 3\ntags: [a, b]\n---\n\nBody line.\n';
    expect(readEntryText(text, 'md')).toEqual({ data: { title: 'Hello', date: '2025-10-24', count: 3, tags: ['a', 'b'] }, body: '\nBody line.' });
  });

  it('reads a markdown file without front matter as no fields and all body', () => {
    expect(readEntryText('# Just text\n', 'md')).toEqual({ data: {}, body: '# Just text' });
    expect(readEntryText('---\n# only a comment\n---\nx', 'md')).toEqual({ data: {}, body: 'x' });
  });

  it('reads a CRLF file with LF line breaks in the body', () => {
    expect(readEntryText('---\r\ntitle: A\r\n---\r\none\r\ntwo\r\n', 'md')).toEqual({ data: { title: 'A' }, body: 'one\ntwo' });
  });

  it('reads .json and .yaml data files without a body', () => {
    expect(readEntryText('{ "a": 1, "b": [true, null] }\n', 'json')).toEqual({ data: { a: 1, b: [true, null] }, body: null });
    expect(readEntryText('a: 1\nwhen: 2025-01-02\n', 'yaml')).toEqual({ data: { a: 1, when: '2025-01-02' }, body: null });
    expect(readEntryText('', 'yaml')).toEqual({ data: {}, body: null });
  });

  it('refuses an entry that is not a mapping of fields', () => {
    expect(() => readEntryText('[1, 2]', 'json')).toThrow(/mapping of fields, not a list/);
    expect(() => readEntryText('---\n- a\n---\n', 'md')).toThrow(/mapping of fields/);
  });
});
