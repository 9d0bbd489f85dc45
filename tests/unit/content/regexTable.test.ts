/**
 * generator/content/regexTable.ts with real shiki: blocks in several languages (among them patterns that
 * oniguruma-to-es emulates, built as EmulatedRegExp) get the same HTML as with shiki's own translation, with
 * an empty table and with the table read back from disk, which then translates nothing; a corrupt table,
 * one of another key and one that cannot be written change nothing but the speed; two threads' additions
 * are merged, a thread whose patterns are there already writes nothing, a full table starts again, and a
 * new site's thread finds in the engine's table what another site's translated.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_PATTERNS, TABLE_PREFIX } from '../../../generator/content/regexTable.ts';
import { TS_SAMPLE } from '../helpers/codeSamples.ts';

type HighlightCode = typeof import('../../../generator/content/highlightCode.ts');

/** highlightCode.ts as a new thread has it: no shiki loaded yet, the table (if any) in `folder`, the engine's in `shared`. */
async function thread(folder: string | null, shared: string | null = null): Promise<HighlightCode> {
  vi.resetModules();
  const module = (await import('../../../generator/content/highlightCode.ts')) as HighlightCode;
  module.keepRegexTableIn(folder, shared);
  return module;
}

const BLOCKS: [string, string][] = [
  // The bench's block (scripts/generateArticles.ts).
  ['js', 'const deck = await generate({ slides: 10, theme: "brand" });\n'],
  ['ts', [...TS_SAMPLE, ''].join('\n')],
  ['css', '@media (min-width: 40rem) {\n  .deck > h1::before, a[href^="https"]:hover {\n    color: var(--brand, #0af) !important;\n    background: url("x.png") no-repeat 10px 50%;\n  }\n}\n'],
  ['bash', 'set -eu\nfor f in "$@"; do\n  echo "${f%.md}: $(wc -l < "$f")" >> out.txt # count\ndone\ncat <<EOF\nslides: $SLIDES\nEOF\n'],
  ['json', '{"title": "Deck", "slides": [1, 2.5e3, true, null], "theme": {"dark": false}}\n'],
  ['html', '<!doctype html>\n<html lang="en">\n<head><style>body { margin: 0 }</style></head>\n<body class="deck">\n  <!-- a comment -->\n  <script>const n = 10; console.log(`${n} slides`);</script>\n</body>\n</html>\n'],
  [
    'php',
    '<?php\nnamespace Deck;\nfinal class Slides extends Base implements \\Countable {\n  public function __construct(private array $items = []) {}\n  public function count(): int { return count($this->items); }\n}\n$text = <<<EOT\n  {$deck->title}: ${n} slides\n  EOT;\necho sprintf("%d slides", 10); // done\n',
  ],
  ['md', '# Title\n\nText with `code`, **bold** and [a link](https://example.com).\n\n- one\n- two\n\n```js\nlet a = 1;\n```\n'],
];

const highlightAll = (module: HighlightCode): (string | null)[] => {
  const highlight = module.codeHighlighter();
  return BLOCKS.map(([lang, code]) => highlight(code, lang));
};

/** The JSON block alone: a small grammar, for the tests whose point holds whatever the languages. */
const highlightJson = (module: HighlightCode): string | null => module.codeHighlighter()(BLOCKS[4]![1], BLOCKS[4]![0]);

let tmp = '';
/** The HTML with shiki's own translation (no table). */
let expected: (string | null)[] = [];
/** A first thread with an empty table in `kept`: its HTML, its use of the table, and what it wrote. */
let first: { html: (string | null)[]; use: { file: string; found: number; translated: number }; saved: number; savedAgain: number };
/** A thread that highlighted the JSON block alone with an empty table: how many patterns it translated, and the table it wrote. */
let json: { translated: number; table: unknown };

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'regex-table-'));
  const plain = await thread(null);
  expected = highlightAll(plain);
  expect(plain.regexTableUse()).toBeNull();
  const module = await thread(await mkdir(path.join(tmp, 'kept'), { recursive: true }).then(() => path.join(tmp, 'kept')));
  const html = highlightAll(module);
  first = { html, use: module.regexTableUse()!, saved: module.saveRegexTable(), savedAgain: module.saveRegexTable() };
  const jsonOnly = await thread(await mkdir(path.join(tmp, 'json'), { recursive: true }).then(() => path.join(tmp, 'json')));
  expect(highlightJson(jsonOnly)).toBe(expected[4]);
  const { translated } = jsonOnly.regexTableUse()!;
  expect(jsonOnly.saveRegexTable()).toBe(translated);
  json = { translated, table: JSON.parse(await readFile(jsonOnly.regexTableUse()!.file, 'utf8')) };
});
afterAll(async () => {
  // The files run after this one in its process import highlightCode.ts afresh, with no table in a folder now gone.
  vi.resetModules();
  await rm(tmp, { recursive: true, force: true });
});

/** The table's file in `folder` (its name is the same in every folder). */
const tableIn = (folder: string): string => path.join(folder, path.basename(first.use.file));
const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as { key: string; patterns: Record<string, { options?: object }> };

describe('the table of translated regular expressions', () => {
  it('gives the same HTML as shiki, with an empty table and with the table read back from disk', async () => {
    for (const html of expected) expect(html).toMatch(/<span class="hl-/);
    expect(first.html).toEqual(expected);
    const { use } = first;
    expect(use.found).toBe(0);
    expect(use.translated).toBeGreaterThan(500);
    expect(path.dirname(use.file)).toBe(path.join(tmp, 'kept'));
    expect(path.basename(use.file)).toMatch(new RegExp(`^${TABLE_PREFIX}[0-9a-f]{16}\\.json$`));
    expect(first.saved).toBe(use.translated);
    // Nothing new since: nothing written.
    expect(first.savedAgain).toBe(0);

    // The table holds patterns built as EmulatedRegExp, of each kind of emulation.
    const table = await readJson(use.file);
    expect(Object.keys(table.patterns)).toHaveLength(use.translated);
    const kinds = new Set(Object.values(table.patterns).flatMap((t) => Object.keys(t.options ?? {})));
    for (const kind of ['hiddenCaptures', 'strategy', 'lazyCompile', 'transfers']) expect(kinds).toContain(kind);

    const written = await stat(use.file);
    const second = await thread(path.join(tmp, 'kept'));
    expect(highlightAll(second)).toEqual(expected);
    expect(second.regexTableUse()).toEqual({ file: use.file, found: use.translated, translated: 0 });
    expect(second.saveRegexTable()).toBe(0);
    expect((await stat(use.file)).mtimeMs).toBe(written.mtimeMs);
  });

  it('ignores a corrupt table, or one of another shape, and writes a good one in its place', async () => {
    const folder = await mkdtemp(path.join(tmp, 'corrupt-'));
    const file = tableIn(folder);
    const good = await readJson(first.use.file);
    const [some] = Object.keys(good.patterns);
    const bad = [
      '{"key": "cut off half-way',
      JSON.stringify([good]),
      JSON.stringify({ key: good.key, patterns: [] }),
      JSON.stringify({ key: good.key, patterns: { ...good.patterns, [some!]: { pattern: 1, flags: 'g' } } }),
      JSON.stringify({ key: good.key, patterns: { ...good.patterns, [some!]: { pattern: 'a', flags: 'g', options: 'lazy' } } }),
      JSON.stringify({ key: good.key, patterns: { ...good.patterns, [some!]: { error: 'x', pattern: 'a' } } }),
    ];
    // Where a bad file holds patterns, the JSON block's are among them: none is taken from it.
    for (const text of bad) {
      await writeFile(file, text);
      const module = await thread(folder);
      expect(highlightJson(module), text.slice(0, 60)).toBe(expected[4]);
      expect(module.regexTableUse()!.found).toBe(0);
      expect(module.saveRegexTable()).toBe(json.translated);
      expect(await readJson(file)).toEqual(json.table);
    }
  });

  it('does not read a table made for another key', async () => {
    const folder = await mkdtemp(path.join(tmp, 'other-key-'));
    const good = await readFile(first.use.file, 'utf8');
    const { key } = JSON.parse(good) as { key: string };
    const other = key.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    // Another version's table beside this one's, and this one's file holding another key.
    await writeFile(path.join(folder, `${TABLE_PREFIX}${other}.json`), good.replace(key, other));
    await writeFile(tableIn(folder), good.replace(key, other));
    const module = await thread(folder);
    expect(highlightJson(module)).toBe(expected[4]);
    expect(module.regexTableUse()!.found).toBe(0);
  });

  it('merges what two threads translated, each adding its own to the file as it finds it', async () => {
    const folder = await mkdtemp(path.join(tmp, 'merge-'));
    const [css, json] = [BLOCKS[2]!, BLOCKS[4]!];
    // Both read the (missing) table before either writes.
    const a = await thread(folder);
    const cssHtml = a.codeHighlighter()(css[1], css[0]);
    const b = await thread(folder);
    const jsonHtml = b.codeHighlighter()(json[1], json[0]);
    expect([cssHtml, jsonHtml]).toEqual([expected[2], expected[4]]);
    const fromA = a.saveRegexTable();
    const fromB = b.saveRegexTable();
    expect(fromA).toBeGreaterThan(0);
    expect(fromB).toBeGreaterThan(0);
    // Some patterns are in both grammars: the table holds each once.
    const kept = Object.keys((await readJson(tableIn(folder))).patterns).length;
    expect(kept).toBeGreaterThan(Math.max(fromA, fromB));
    const c = await thread(folder);
    expect(c.codeHighlighter()(css[1], css[0])).toBe(expected[2]);
    expect(c.codeHighlighter()(json[1], json[0])).toBe(expected[4]);
    expect(c.regexTableUse()).toMatchObject({ found: kept, translated: 0 });
  });

  it('writes nothing when another thread has written the same patterns first', async () => {
    const folder = await mkdtemp(path.join(tmp, 'same-'));
    const [css] = [BLOCKS[2]!];
    const a = await thread(folder);
    a.codeHighlighter()(css[1], css[0]);
    const b = await thread(folder);
    b.codeHighlighter()(css[1], css[0]);
    expect(a.saveRegexTable()).toBeGreaterThan(0);
    const written = await stat(tableIn(folder));
    expect(b.saveRegexTable()).toBe(0);
    expect((await stat(tableIn(folder))).ino).toBe(written.ino);
  });

  it('starts the table again from what a thread translated when it would hold too many patterns', async () => {
    const folder = await mkdtemp(path.join(tmp, 'full-'));
    const { key } = await readJson(first.use.file);
    const filler = Object.fromEntries(Array.from({ length: MAX_PATTERNS }, (_, i) => [`filler${i}`, { pattern: `filler${i}`, flags: 'dgv' }]));
    await writeFile(tableIn(folder), JSON.stringify({ key, patterns: filler }));
    const module = await thread(folder);
    expect(module.codeHighlighter()(BLOCKS[4]![1], 'json')).toBe(expected[4]);
    const translated = module.regexTableUse()!.translated;
    expect(module.saveRegexTable()).toBe(translated);
    expect(Object.keys((await readJson(tableIn(folder))).patterns)).toHaveLength(translated);
  });

  it("shares the engine's table between sites: a new site's thread translates nothing another site's wrote there, and keeps it all in its own table", async () => {
    const shared = await mkdtemp(path.join(tmp, 'engine-'));
    const [siteA, siteB] = [await mkdtemp(path.join(tmp, 'site-a-')), await mkdtemp(path.join(tmp, 'site-b-'))];
    const a = await thread(siteA, shared);
    expect(highlightJson(a)).toBe(expected[4]);
    const { translated } = a.regexTableUse()!;
    expect(translated).toBe(json.translated);
    expect(a.saveRegexTable()).toBe(translated);
    const patterns = async (folder: string) => Object.keys((await readJson(tableIn(folder))).patterns).sort();
    expect(await patterns(shared)).toEqual(await patterns(siteA));

    const written = await stat(tableIn(shared));
    const b = await thread(siteB, shared);
    expect(highlightJson(b)).toBe(expected[4]);
    expect(b.regexTableUse()).toEqual({ file: tableIn(siteB), found: translated, translated: 0 });
    // The new site's table gets every pattern its thread used; the engine's had them all (not written again).
    expect(b.saveRegexTable()).toBe(translated);
    expect(await patterns(siteB)).toEqual(await patterns(shared));
    expect((await stat(tableIn(shared))).ino).toBe(written.ino);
  });

  it('highlights the same when the folder cannot be written, and leaves nothing behind', async () => {
    const folder = path.join(tmp, 'missing', 'folder');
    const module = await thread(folder);
    expect(highlightAll(module)).toEqual(expected);
    expect(module.saveRegexTable()).toBe(0);
    expect(await readdir(tmp)).not.toContain('missing');
  });
});
