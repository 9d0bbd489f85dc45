/** splitFrontMatter: YAML front matter and body, as gray-matter split them before (the cases the site relied on). */
import { readdirSync, readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { plainPairs, splitFrontMatter } from '../../../generator/content/splitFrontMatter.ts';

describe('splitFrontMatter', () => {
  it('parses the YAML between the first two --- lines and keeps the raw text for line numbers', () => {
    const r = splitFrontMatter('---\ntitle: "T"\ndate: 2025-10-24\n---\n\nBody.\n');
    expect(r.data).toEqual({ title: 'T', date: new Date('2025-10-24') });
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
});

describe('plainPairs (the fast path for `key: "text"` front matter)', () => {
  const load = (matter: string) => yaml.load(matter) ?? {};

  it('reads what js-yaml reads, for the front matter of every real article and legal page', () => {
    const dirs = ['content/blog', 'content/legal'];
    let read = 0;
    for (const dir of dirs) {
      for (const name of readdirSync(dir)) {
        const { matter } = splitFrontMatter(readFileSync(`${dir}/${name}`, 'utf8'));
        const fast = plainPairs(matter);
        if (fast) read++;
        expect(fast ?? load(matter)).toStrictEqual(load(matter));
      }
    }
    expect(read).toBeGreaterThan(0);
  });

  it.each([
    ['quotes, CRLF and blank lines', '\ntitle: "A \'quoted\' title: with # and — dashes"\r\n\n\ndate: "2025-10-24"  \t'],
    ['unicode and an empty value', '\ntitle: "日本語 😀 \u2028 line"\nauthor: ""'],
    ['keys with digits, - and _', '\nread-time_2: "x"'],
  ])('agrees with js-yaml on %s', (_, matter) => {
    expect(plainPairs(matter)).toStrictEqual(load(matter));
  });

  it.each([
    ['an escape', '\ntitle: "a \\" b"'],
    ['a tab in the value', '\ntitle: "a\tb"'],
    ['an unquoted value', '\ndate: 2025-10-24'],
    ['a single-quoted value', "\ntitle: 'x'"],
    ['a comment after the value', '\ntitle: "x" # note'],
    ['two spaces after the colon', '\ntitle:  "x"'],
    ['an indented key', '\n  title: "x"'],
    ['a repeated key', '\ntitle: "a"\ntitle: "b"'],
    ['a key YAML reads as a boolean', '\nTrue: "x"'],
    ['a key YAML reads as null', '\nNull: "x"'],
    ['a comment line', '\n# about\ntitle: "x"'],
    ['a line of spaces', '\ntitle: "x"\n  \n'],
    ['a lone surrogate', '\ntitle: "\ud800"'],
    ['a control character', '\ntitle: "a\u0007b"'],
    ['no pair at all', '\n\n'],
  ])('leaves %s to js-yaml', (_, matter) => {
    expect(plainPairs(matter)).toBeUndefined();
  });
});

