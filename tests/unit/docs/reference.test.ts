/**
 * docs/reference.md documents every name a site can import from the engine's public entry points and
 * every key of the site config: a name without its "### `name`" heading, or a key without its table
 * row, fails here by name.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { knownKeys } from '../../../generator/site/siteConfigSchema.ts';
import { headingNames, section, tableRowNames } from './documentedNames.ts';
import { DEFAULT_ENTRIES, entryFiles } from './entryFiles.ts';
import { exportedNames } from './exportedNames.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const reference = readFileSync(path.join(root, 'docs/reference.md'), 'utf8');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { exports?: unknown };

/** Where each config key is listed: a heading of docs/reference.md, and the object it belongs to. */
const CONFIG_TABLES: { heading: string; keys: string[] }[] = [
  { heading: '## site.config.ts', keys: knownKeys([], {}) },
  { heading: '### Collection options', keys: knownKeys(['collections', 'c'], { collections: { c: { kind: 'list' } } }).filter((k) => !['kind', 'dir', 'schema'].includes(k)) },
  { heading: '## Budgets', keys: knownKeys(['budgets'], {}) },
];

describe('docs/reference.md', () => {
  it('has a "### `name`" heading for every value and type the public entry points export', () => {
    const files = entryFiles(pkg);
    const documented = headingNames(reference);
    const exported = exportedNames(root, files);
    expect(exported.length).toBeGreaterThan(0);
    const undocumented = exported.filter((e) => !documented.has(e.name)).map((e) => `${e.name} (${e.kind}, ${e.file})`);
    expect([...new Set(undocumented)], 'exported names without a ### `name` heading in docs/reference.md').toEqual([]);
  });

  it.each(CONFIG_TABLES)('has a table row "| `key` |" under "$heading" for every key of the config schema there', ({ heading, keys }) => {
    expect(keys.length).toBeGreaterThan(0);
    const rows = tableRowNames(section(reference, heading));
    expect(keys.filter((k) => !rows.has(k)), `config keys without a row under "${heading}" in docs/reference.md`).toEqual([]);
  });
});

describe('entryFiles', () => {
  it('is the three entry points the bundlers alias while package.json has no exports', () => {
    expect(entryFiles({})).toEqual([...DEFAULT_ENTRIES]);
  });

  it("follows package.json exports when there are any: each entry's types, else default or import condition, modules only", () => {
    const exports = {
      '.': { types: './generator/site/api.ts', default: './dist/api.js' },
      './search': './generator/islands/searchIndex.ts',
      './client': { browser: { default: './generator/islands/client.ts' }, import: './generator/islands/client.ts' },
      './package.json': './package.json',
    };
    expect(entryFiles({ exports })).toEqual(['generator/site/api.ts', 'generator/islands/searchIndex.ts', 'generator/islands/client.ts']);
    expect(entryFiles({ exports: './generator/site/api.ts' })).toEqual(['generator/site/api.ts']);
    expect(entryFiles({ exports: { types: './a.d.ts', default: './a.js' } })).toEqual(['a.d.ts']);
  });

  it('refuses a pattern entry, whose files it cannot list', () => {
    expect(() => entryFiles({ exports: { './*': './generator/*.ts' } })).toThrow(/pattern/);
  });
});

describe('section, headingNames and tableRowNames', () => {
  const markdown = ['## A', '| `x` | one |', '### `f`', '## B', '| `y` | two |', '### `g` and more'].join('\n');

  it('reads the rows of one section only, and headings that are a name alone', () => {
    expect([...tableRowNames(section(markdown, '## A'))]).toEqual(['x']);
    expect([...tableRowNames(section(markdown, '## B'))]).toEqual(['y']);
    expect(section(markdown, '## C')).toBe('');
    expect([...headingNames(markdown)]).toEqual(['f']);
  });
});
