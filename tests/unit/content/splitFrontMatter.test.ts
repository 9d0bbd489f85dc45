/** splitFrontMatter: YAML front matter and body, as gray-matter split them before (the cases the site relied on). */
import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from '../../../generator/content/splitFrontMatter.ts';

describe('splitFrontMatter', () => {
  it('parses the YAML between the first two --- lines and keeps the raw text for line numbers', () => {
    const r = splitFrontMatter('---\ntitle: "T"\ndate: 2025-10-24\n---\n\nBody.\n');
    expect(r.data).toEqual({ title: 'T', date: '2025-10-24' });
    expect(r.matter).toBe('\ntitle: "T"\ndate: 2025-10-24');
    expect(r.body).toBe('\nBody.\n');
  });

  it.each([
    ['no front matter', 'Just text.\n---\na: 1\n---\n', {}, 'Just text.\n---\na: 1\n---\n'],
    ['an empty file', '', {}, ''],
    ['four dashes open nothing', '----\na: 1\n---\nx', {}, '----\na: 1\n---\nx'],
    ['CRLF line ends', '---\r\na: 1\r\n---\r\nbody\r\n', { a: 1 }, 'body\r\n'],
    ['a byte order mark', '\uFEFF---\na: 1\n---\nx', { a: 1 }, 'x'],
    ['an explicit yaml language', '---yaml\na: 1\n---\nx', { a: 1 }, 'x'],
    ['only comments', '---\n# nothing\n---\nx', {}, 'x'],
    ['a null document', '---\n~\n---\nx', {}, 'x'],
    ['no closing line', '---\na: 1', { a: 1 }, ''],
    ['a closing line with more dashes', '---\na: 1\n----\nx', { a: 1 }, '-\nx'],
  ])('%s', (_, source, data, body) => {
    const r = splitFrontMatter(source);
    expect(r.data).toEqual(data);
    expect(r.body).toBe(body);
  });

  it("throws js-yaml's message for malformed YAML", () => {
    expect(() => splitFrontMatter('---\ntitle: [unclosed\n---\n')).toThrow(/unexpected end of the stream|flow collection/);
  });

  it('refuses front matter in another language instead of running it', () => {
    expect(() => splitFrontMatter('---js\n{ a: 1 }\n---\n')).toThrow('front matter in "js" is not supported: write YAML');
  });

  it('keeps dates as the text written, at any depth: no Date rolled over or shifted by a time zone', () => {
    const { data } = splitFrontMatter('---\ndate: 2025-02-30\nat: 2025-10-24T23:30:00-05:00\nsessions:\n  - day: 2025-01-01\n---\nBody\n');
    expect(data).toEqual({ date: '2025-02-30', at: '2025-10-24T23:30:00-05:00', sessions: [{ day: '2025-01-01' }] });
  });
});
