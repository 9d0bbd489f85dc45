/** locateJsonPath finds the line an author must fix, and never hangs or throws on odd text. */
import { describe, expect, it } from 'vitest';
import { locateJsonPath } from '../../../generator/content/locateJsonPath.ts';

const text = `{
  "seo": {
    "title": "Pricing",
    "description": "Plans"
  },
  "plans": [
    {
      "name": "Starter",
      "features": [
        { "text": "1 theme" },
        { "text": "10 slides", "included": false }
      ]
    },
    { "name": "Pro", "price": "$19" }
  ],
  "escaped \\"key\\"": { "inner": [1, [2, 3], {"deep": null}] },
  "last": true
}`;

describe('locateJsonPath', () => {
  it('finds the root at line 1', () => {
    expect(locateJsonPath(text, [])).toBe(1);
  });

  it.each([
    [['seo'], 2],
    [['seo', 'title'], 3],
    [['seo', 'description'], 4],
    [['plans'], 6],
    [['plans', 0], 7],
    [['plans', 0, 'name'], 8],
    [['plans', 0, 'features', 1], 11],
    [['plans', 0, 'features', 1, 'included'], 11],
    [['plans', 1, 'price'], 14],
    [['escaped "key"', 'inner', 2, 'deep'], 16],
    [['last'], 17],
  ])('finds %j on line %i', (path, line) => {
    expect(locateJsonPath(text, path)).toBe(line);
  });

  it('points a missing field at its parent object', () => {
    expect(locateJsonPath(text, ['seo', 'name'])).toBe(2);
    expect(locateJsonPath(text, ['plans', 1, 'description'])).toBe(14);
    expect(locateJsonPath(text, ['missing'])).toBe(1);
  });

  it('points a missing array item at the array', () => {
    expect(locateJsonPath(text, ['plans', 5])).toBe(6);
  });

  it('does not mistake a string value for a key', () => {
    const t = '{\n  "a": "title",\n  "title": 1\n}';
    expect(locateJsonPath(t, ['title'])).toBe(3);
  });

  it('handles commas, brackets and escapes inside strings', () => {
    const t = '{\n  "a": "x, ] } \\\\",\n  "b": "[{",\n  "c": 1\n}';
    expect(locateJsonPath(t, ['c'])).toBe(4);
  });

  it('works with CRLF line endings', () => {
    expect(locateJsonPath('{\r\n  "a": 1,\r\n  "b": 2\r\n}', ['b'])).toBe(3);
  });

  it.each([
    ['', ['a']],
    ['{"a": ', ['a', 'b']],
    ['{"a": [1, 2', ['a', 5]],
    ['{ a: 1 }', ['a']],
    ['{"a": {"b": [ } ]}}', ['a', 'c']],
    ['{"x": {"y": : }, "a": 1}', ['a']],
    ['[[[[', [0, 0, 0, 0, 0]],
    ['{"a": "unterminated', ['a', 'b']],
  ])('returns a line (not a hang or a throw) for malformed text %j', (t, path) => {
    const line = locateJsonPath(t, path);
    expect(line === undefined || (Number.isInteger(line) && line >= 1)).toBe(true);
  });

  it('keeps the best line found before the text breaks', () => {
    expect(locateJsonPath('{\n  "a": {\n    "b": [ } ]\n  }\n}', ['a', 'b', 1])).toBe(3);
  });
});
