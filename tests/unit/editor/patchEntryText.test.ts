/**
 * generator/editor/patchEntryText.ts: saving an entry changes its file only where a field
 * changed, in markdown front matter, .json and .yaml; what it writes always reads back as the
 * fields and body it was given.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { patchEntryText } from '../../../generator/editor/patchEntryText.ts';
import { readEntryText } from '../../../generator/editor/readEntryText.ts';

/** The lines that differ between two texts, as one changed region (common first and last lines left out). */
function lineDiff(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { removed: a.slice(head, a.length - tail), added: b.slice(head, b.length - tail) };
}

/** Patches `text` with its own fields changed by `edit`, checks the result reads back, and returns it. */
function edit(text: string, format: 'md' | 'json' | 'yaml', change: (data: Record<string, unknown>) => Record<string, unknown>, body?: string): string {
  const old = readEntryText(text, format);
  const data = change(structuredClone(old.data));
  const out = patchEntryText(text, format, { data, body });
  expect(readEntryText(out, format)).toEqual({ data, body: body ?? old.body });
  return out;
}

const ARTICLE = `---
# Shown as the page title and in the blog list.
title: "Why Brand Kits Fall Short" # keep it under 60 characters
description: 'A logo, a palette and two fonts: not yet a brand.'
date: 2025-10-29
readTime: "7 min read"
category: Opinion   # Opinion, Tools or Comparisons
tags:
  - branding
  - slides
author: "The Decksmith Team"
---

Almost every design tool now offers a brand kit.

## What a Brand Kit Stores
`;

const BLOG = fileURLToPath(new URL('../../../content/blog/', import.meta.url));
const articles = readdirSync(BLOG).filter((f) => f.endsWith('.md'));

describe('patchEntryText: markdown front matter', () => {
  it('a title change rewrites that one line, keeping its quotes and comment', () => {
    const out = edit(ARTICLE, 'md', (d) => ({ ...d, title: 'What Brand Kits Miss' }));
    expect(lineDiff(ARTICLE, out)).toEqual({
      removed: ['title: "Why Brand Kits Fall Short" # keep it under 60 characters'],
      added: ['title: "What Brand Kits Miss" # keep it under 60 characters'],
    });
  });

  it("changes the title of each of this site's articles in exactly one line", () => {
    expect(articles.length).toBeGreaterThan(0);
    for (const file of articles) {
      const text = readFileSync(BLOG + file, 'utf8');
      const out = edit(text, 'md', (d) => ({ ...d, title: 'A "new" title: with a colon' }));
      const diff = lineDiff(text, out);
      expect(diff.added).toEqual(['title: "A \\"new\\" title: with a colon"']);
      expect(diff.removed).toHaveLength(1);
      expect(diff.removed[0]).toMatch(/^title: "/);
      expect(patchEntryText(text, 'md', readEntryText(text, 'md'))).toBe(text);
    }
  });

  it('a category change keeps the value plain, its spacing and comment; quotes only a value that needs them', () => {
    expect(lineDiff(ARTICLE, edit(ARTICLE, 'md', (d) => ({ ...d, category: 'Comparisons' })))).toEqual({
      removed: ['category: Opinion   # Opinion, Tools or Comparisons'],
      added: ['category: Comparisons   # Opinion, Tools or Comparisons'],
    });
    for (const [value, written] of [
      ['yes', '"yes"'],
      ['true', '"true"'],
      ['12', '"12"'],
      ['null', '"null"'],
      ['2025-11-01', '"2025-11-01"'],
      ['Tools: AI', '"Tools: AI"'],
      ['#1 pick', '"#1 pick"'],
      ['- list', '"- list"'],
      ['It is #1', '"It is #1"'],
      ['C#', 'C#'],
      ["Editors' picks", "Editors' picks"],
    ]) {
      expect(lineDiff(ARTICLE, edit(ARTICLE, 'md', (d) => ({ ...d, category: value }))).added).toEqual([`category: ${written}   # Opinion, Tools or Comparisons`]);
    }
  });

  it('single quotes stay single; an unquoted date replaced by a date stays unquoted; a number is written as one', () => {
    expect(lineDiff(ARTICLE, edit(ARTICLE, 'md', (d) => ({ ...d, description: "It's a brand: or is it?" }))).added).toEqual(["description: 'It''s a brand: or is it?'"]);
    expect(lineDiff(ARTICLE, edit(ARTICLE, 'md', (d) => ({ ...d, date: '2025-11-03' }))).added).toEqual(['date: 2025-11-03']);
    expect(lineDiff(ARTICLE, edit(ARTICLE, 'md', (d) => ({ ...d, readTime: 8 }))).added).toEqual(['readTime: 8']);
  });

  it('adding draft: true appends one line after the last field, before the closing ---', () => {
    const out = edit(ARTICLE, 'md', (d) => ({ ...d, draft: true }));
    expect(out).toBe(ARTICLE.replace('author: "The Decksmith Team"\n', 'author: "The Decksmith Team"\ndraft: true\n'));
  });

  it('removing a key deletes its lines and only them', () => {
    const out = edit(ARTICLE, 'md', ({ readTime, ...d }) => d);
    expect(lineDiff(ARTICLE, out)).toEqual({ removed: ['readTime: "7 min read"'], added: [] });
    const noTags = edit(ARTICLE, 'md', ({ tags, ...d }) => d);
    expect(lineDiff(ARTICLE, noTags)).toEqual({ removed: ['tags:', '  - branding', '  - slides'], added: [] });
  });

  it("a tags change rewrites that list only, in the file's indentation; a flow list stays flow", () => {
    const out = edit(ARTICLE, 'md', (d) => ({ ...d, tags: ['branding', 'design systems', 'yes'] }));
    expect(lineDiff(ARTICLE, out)).toEqual({ removed: ['  - slides'], added: ['  - design systems', '  - "yes"'] });
    const flow = ARTICLE.replace('tags:\n  - branding\n  - slides\n', 'tags: [branding, slides] # at most three\n');
    expect(lineDiff(flow, edit(flow, 'md', (d) => ({ ...d, tags: ['branding'] })))).toEqual({
      removed: ['tags: [branding, slides] # at most three'],
      added: ['tags: [branding] # at most three'],
    });
    const flat = ARTICLE.replace('tags:\n  - branding\n  - slides\n', 'tags:\n- branding\n- slides\n');
    expect(lineDiff(flat, edit(flat, 'md', (d) => ({ ...d, tags: ['a', 'b', 'c'] })))).toEqual({ removed: ['- branding', '- slides'], added: ['- a', '- b', '- c'] });
  });

  it('a change inside a nested map touches only that line', () => {
    const text = '---\ntitle: T\nseo:\n  image: /a.png # social card\n  alt: "A card"\n  extra:\n    x: 1\n---\nBody\n';
    expect(lineDiff(text, edit(text, 'md', (d) => ({ ...d, seo: { image: '/b.png', alt: 'A card', extra: { x: 1 } } })))).toEqual({
      removed: ['  image: /a.png # social card'],
      added: ['  image: /b.png # social card'],
    });
    expect(lineDiff(text, edit(text, 'md', (d) => ({ ...d, seo: { image: '/a.png', alt: 'A card', extra: { x: 2 } } })))).toEqual({ removed: ['    x: 1'], added: ['    x: 2'] });
  });

  it('a literal block keeps its style', () => {
    const text = '---\nsummary: |\n  First line.\n  Second line.\nnext: 1\n---\n';
    expect(edit(text, 'md', (d) => ({ ...d, summary: 'First line.\nThird line.\n' }))).toBe('---\nsummary: |\n  First line.\n  Third line.\nnext: 1\n---\n');
  });

  it('the body is replaced only when given and different; the final line break stays', () => {
    expect(edit(ARTICLE, 'md', (d) => d, '\nNew body.')).toBe(ARTICLE.slice(0, ARTICLE.indexOf('---\n\n') + 4) + '\nNew body.\n');
    expect(patchEntryText(ARTICLE, 'md', { data: readEntryText(ARTICLE, 'md').data, body: readEntryText(ARTICLE, 'md').body })).toBe(ARTICLE);
    const bare = '---\ntitle: A\n---\nNo final break';
    expect(edit(bare, 'md', (d) => ({ ...d, title: 'B' }), 'Other body')).toBe('---\ntitle: B\n---\nOther body');
  });

  it('keeps CRLF line breaks everywhere', () => {
    const crlf = ARTICLE.replace(/\n/g, '\r\n');
    const out = edit(crlf, 'md', (d) => ({ ...d, title: 'New', draft: true }), 'Body one\nBody two');
    expect(out).toBe(
      ARTICLE.replace('"Why Brand Kits Fall Short"', '"New"')
        .replace('author: "The Decksmith Team"\n', 'author: "The Decksmith Team"\ndraft: true\n')
        .replace(/---\n\n[^]*$/, '---\nBody one\nBody two\n')
        .replace(/\n/g, '\r\n'),
    );
  });

  it('keeps a file without a final line break so', () => {
    const text = '---\ntitle: A\ncount: 1\n---\nText';
    expect(edit(text, 'md', (d) => ({ ...d, count: 2 }))).toBe('---\ntitle: A\ncount: 2\n---\nText');
    expect(edit('a: 1\nb: [x]', 'yaml', (d) => ({ ...d, b: ['z'] }))).toBe('a: 1\nb: [z]');
  });

  it('gives a markdown file without front matter one when fields are added; empties or closes front matter cleanly', () => {
    expect(edit('# Hello\n', 'md', () => ({ title: 'Hi' }))).toBe('---\ntitle: Hi\n---\n# Hello\n');
    expect(edit('---\n---\nbody\n', 'md', () => ({ title: 'Hi' }))).toBe('---\ntitle: Hi\n---\nbody\n');
    expect(edit('---\ntitle: A\n---\nx\n', 'md', () => ({}))).toBe('---\n---\nx\n');
    expect(edit('---\ntitle: A\n', 'md', (d) => d, 'New')).toBe('---\ntitle: A\n---\nNew\n');
    expect(edit('', 'yaml', () => ({ title: 'Hi' }))).toBe('title: Hi\n');
  });

  it('rewrites the whole front matter with js-yaml when anchors tie fields together', () => {
    const text = '---\nbase: &b\n  color: red\ncopy: *b\ntitle: Old # comment\n---\nBody\n';
    expect(edit(text, 'md', (d) => ({ ...d, title: 'New' }))).toBe('---\nbase:\n  color: red\ncopy:\n  color: red\ntitle: New\n---\nBody\n');
  });

  it('rewrites the whole front matter when a changed flow map spans lines that close at column 0', () => {
    const text = '---\nmeta: {a: 1,\n  b: 2\n}\ntitle: T\n---\n';
    expect(edit(text, 'md', (d) => ({ ...d, meta: { a: 1, b: 3 } }))).toBe('---\nmeta:\n  a: 1\n  b: 3\ntitle: T\n---\n');
  });
});

describe('patchEntryText: .yaml data files', () => {
  it('keeps comments and untouched fields; adds, removes and changes fields in place', () => {
    const text = '# Plan shown on the pricing page\nname: Team # shown in bold\nprice: 12\nfeatures:\n  - Brand kit\n  - Sharing\nlegacy: true\n';
    expect(edit(text, 'yaml', ({ legacy, ...d }) => ({ ...d, price: 15, features: ['Brand kit'], badge: 'Popular' }))).toBe(
      '# Plan shown on the pricing page\nname: Team # shown in bold\nprice: 15\nfeatures:\n  - Brand kit\nbadge: Popular\n',
    );
  });
  it('keeps a quoted key, a document start, a BOM and comments inside an untouched list', () => {
    expect(edit('"my key": old # c\nother: 1\n', 'yaml', (d) => ({ ...d, 'my key': 'new' }))).toBe('"my key": new # c\nother: 1\n');
    expect(edit('---\n# doc\na: 1\nb: 2\n', 'yaml', (d) => ({ ...d, b: 3, c: 4 }))).toBe('---\n# doc\na: 1\nb: 3\nc: 4\n');
    expect(edit('list:\n  - a # first\n  # - b\n  - c\nz: 1\n', 'yaml', (d) => ({ ...d, z: 2 }))).toBe('list:\n  - a # first\n  # - b\n  - c\nz: 2\n');
    expect(edit('\ufeff---\ntitle: A\n---\nB\n', 'md', (d) => ({ ...d, title: 'C' }))).toBe('\ufeff---\ntitle: C\n---\nB\n');
  });
});

describe('patchEntryText: .json', () => {
  const TWO = '{\n  "title": "Pricing",\n  "plans": ["free", "team"],\n  "hero": {\n    "heading": "Plans",\n    "image": "/a.png"\n  },\n  "old": 1,\n  "order": 3\n}\n';

  it('with 2-space indentation: replaces changed members in place, recurses into objects, appends new keys', () => {
    const out = edit(TWO, 'json', ({ old, ...d }) => ({ ...d, title: 'Prices', plans: ['free'], hero: { heading: 'Our plans', image: '/a.png' }, faq: [{ q: 'Why?' }] }));
    expect(out).toBe(
      '{\n  "title": "Prices",\n  "plans": ["free"],\n  "hero": {\n    "heading": "Our plans",\n    "image": "/a.png"\n  },\n  "order": 3,\n  "faq": [\n    {\n      "q": "Why?"\n    }\n  ]\n}\n',
    );
  });

  it('removes the first, a middle and the last members with their commas', () => {
    expect(edit(TWO, 'json', ({ title, ...d }) => d)).toBe(TWO.replace('  "title": "Pricing",\n', ''));
    expect(edit(TWO, 'json', ({ order, ...d }) => d)).toBe(TWO.replace(',\n  "order": 3', ''));
    expect(edit(TWO, 'json', ({ old, order, ...d }) => d)).toBe(TWO.replace(',\n  "old": 1,\n  "order": 3', ''));
    expect(edit(TWO, 'json', () => ({}))).toBe('{}\n');
    expect(edit('{}', 'json', () => ({ a: 1 }))).toBe('{\n  "a": 1\n}');
  });

  it('with tab indentation', () => {
    const tabs = TWO.replace(/ {2}/g, '\t');
    expect(edit(tabs, 'json', (d) => ({ ...d, hero: { heading: 'Plans', image: '/b.png', alt: 'A' }, extra: { a: [1] } }))).toBe(
      '{\n\t"title": "Pricing",\n\t"plans": ["free", "team"],\n\t"hero": {\n\t\t"heading": "Plans",\n\t\t"image": "/b.png",\n\t\t"alt": "A"\n\t},\n\t"old": 1,\n\t"order": 3,\n\t"extra": {\n\t\t"a": [\n\t\t\t1\n\t\t]\n\t}\n}\n',
    );
  });

  it('keeps CRLF and a one-line object on one line', () => {
    expect(edit('{\r\n  "a": 1,\r\n  "b": 2\r\n}\r\n', 'json', (d) => ({ ...d, b: 3 }))).toBe('{\r\n  "a": 1,\r\n  "b": 3\r\n}\r\n');
    expect(edit('{"a": 1, "b": {"c": 2}}', 'json', (d) => ({ ...d, b: { c: 3 }, d: [1, 2] }))).toBe('{"a": 1, "b": {"c": 3}, "d": [1, 2]}');
  });
});
