/**
 * How to keep a list's later entries (upcoming events) is written where an author looks: the collection
 * options table of docs/reference.md, for `draft` and `date` alike.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const reference = readFileSync(new URL('../../../docs/reference.md', import.meta.url), 'utf8');
const row = (key: string) => reference.split('\n').find((line) => line.startsWith(`| \`${key}\` | a front-matter field name`)) ?? '';

describe('docs/reference.md, collection options', () => {
  it("gives the schema's own field as the default of draft and date, and false to turn each off", () => {
    expect(row('draft')).toContain("the schema's `draft` field");
    expect(row('date')).toContain("the schema's `date` field");
    expect(row('draft')).toContain('`draft: false`');
    expect(row('date')).toContain('keeps its later entries with `date: false`');
  });
});
