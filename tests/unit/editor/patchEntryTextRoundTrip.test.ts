/**
 * generator/editor/patchEntryText.ts under generated edits: random changes, removals and
 * additions of top-level fields (and of fields inside nested maps), with values that need
 * quoting, on several sample files. Whatever it writes reads back as the new fields and body,
 * and every untouched field keeps its exact text.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { patchEntryText } from '../../../generator/editor/patchEntryText.ts';
import { readEntryText } from '../../../generator/editor/readEntryText.ts';
import { scanJson } from '../../../generator/editor/scanJson.ts';
import { splitMarkdownEntry } from '../../../generator/editor/splitMarkdownEntry.ts';
import { yamlFieldBlocks } from '../../../generator/editor/yamlFieldBlocks.ts';

const article = readFileSync(fileURLToPath(new URL('../../../content/blog/brand-kit-limitations.md', import.meta.url)), 'utf8');

const SAMPLES: { name: string; format: 'md' | 'json' | 'yaml'; text: string }[] = [
  { name: "this site's article", format: 'md', text: article },
  {
    name: 'front matter with comments, quotes, lists and a nested map',
    format: 'md',
    text: `---\n# Listed on /blog\ntitle: "Old title" # short\nsummary: 'It''s here'\ndate: 2025-10-24\ncategory: Opinion   # one of three\ntags: [a, "b c"]\nauthors:\n- Ann\n- Bo\nseo:\n  image: /a.png # card\n  extra:\n    x: 1\nnotes: |\n  one\n  two\n---\n\nBody.\n`,
  },
  { name: 'a CRLF file without a final line break', format: 'md', text: '---\r\ntitle: A\r\ncount: 2\r\nlist:\r\n  - x\r\n---\r\nBody\r\nmore' },
  { name: 'a .yaml data file', format: 'yaml', text: '# plan\nname: Team\nprice: 12 # per seat\nfeatures:\n  - Brand kit\n  - "Sharing: on"\nlimits:\n  seats: 10\n  storage: 5GB\n' },
  { name: 'JSON, 2 spaces', format: 'json', text: '{\n  "title": "Pricing",\n  "plans": ["free", "team"],\n  "hero": {\n    "heading": "Plans",\n    "n": 1\n  },\n  "order": 3\n}\n' },
  { name: 'JSON, tabs', format: 'json', text: '{\n\t"a": 1,\n\t"b": {\n\t\t"c": [1, 2],\n\t\t"d": null\n\t},\n\t"e": "x"\n}' },
  { name: 'front matter with anchors (rewritten whole)', format: 'md', text: '---\nbase: &b\n  color: red\ncopy: *b\ntitle: T\n---\nx\n' },
];

const VALUES: unknown[] = [
  'plain', 'two words', 'true', 'yes', '12', '1.5', 'null', '2025-01-02', '2025-01-02T10:00:00Z', 'a: b', 'x #y', '#tag', '- dash', '[x]', '{x}', "it's", 'say "hi"', '',
  ' lead', 'trail ', 'multi\nline', 'multi\nline\n', 'ünïcödé ✓', '@at', '`tick`', '%pct', '*star', '&amp', '!bang', '|pipe', '>gt', '?q', 'C:\\path', 'tab\there',
  0, -3, 2.5, 1e21, true, false, null, [], ['a'], ['true', 2, null], [{ q: 'a', n: 1 }], {}, { k: 'v' }, { nested: { deep: ['x', 'y: z'] } },
];
const KEYS = ['draft', 'new_field', 'with space', '123', 'order', 'title', 'x-y', 'y', 'on'];

/** A small seeded generator, so a failure names a case that can be run again. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function editFields(data: Record<string, unknown>, rand: () => number): Record<string, unknown> {
  const next = structuredClone(data);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  for (let n = 1 + Math.floor(rand() * 3); n > 0; n--) {
    const keys = Object.keys(next);
    const op = rand();
    if (op < 0.45 && keys.length > 0) {
      const key = pick(keys);
      const value = next[key];
      if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0 && rand() < 0.6) {
        (value as Record<string, unknown>)[pick(Object.keys(value))] = structuredClone(pick(VALUES));
      } else next[key] = structuredClone(pick(VALUES));
    } else if (op < 0.65 && keys.length > 0) delete next[pick(keys)];
    else next[pick(KEYS)] = structuredClone(pick(VALUES));
  }
  return next;
}

/** The exact text of each top-level field, to check that untouched ones survive. */
function fieldTexts(text: string, format: 'md' | 'json' | 'yaml', data: Record<string, unknown>): Map<string, string> {
  const lf = text.replace(/\r\n/g, '\n');
  if (format === 'json') {
    const root = scanJson(lf);
    return new Map(root.kind === 'object' ? root.members.map((m) => [m.key, lf.slice(m.keyStart, m.value.end)]) : []);
  }
  const lines = (format === 'md' ? splitMarkdownEntry(lf).yaml : lf).split('\n');
  return new Map((yamlFieldBlocks(lines, data) ?? []).map((b) => [b.key, lines.slice(b.start, b.end).join('\n')]));
}

describe('patchEntryText round trip', () => {
  for (const sample of SAMPLES) {
    it(`reads back every generated edit of ${sample.name}, untouched fields as they were`, () => {
      const old = readEntryText(sample.text, sample.format);
      expect(patchEntryText(sample.text, sample.format, old)).toBe(sample.text);
      const before = fieldTexts(sample.text, sample.format, old.data);
      const whole = sample.name.includes('rewritten whole');
      const rand = random(sample.name.length * 7919);
      for (let round = 0; round < 120; round++) {
        const data = editFields(old.data, rand);
        const body = sample.format === 'md' && rand() < 0.3 ? `Body ${round}\n\nwith lines` : undefined;
        const out = patchEntryText(sample.text, sample.format, { data, body });
        const back = readEntryText(out, sample.format);
        expect({ round, data: back.data, body: back.body }).toEqual({ round, data, body: body ?? old.body });
        expect(out.includes('\r\n')).toBe(sample.text.includes('\r\n'));
        if (sample.text.includes('\r\n')) expect(out.replace(/\r\n/g, '')).not.toContain('\n');
        if (whole) continue;
        const after = out.replace(/\r\n/g, '\n');
        for (const [key, text] of before) {
          if (Object.hasOwn(data, key) && JSON.stringify(data[key]) === JSON.stringify(old.data[key])) expect({ round, key, kept: after.includes(text) }).toEqual({ round, key, kept: true });
        }
      }
    });
  }
});
