/**
 * The differential test's own parts that build nothing: a case is a pure function of its fixture and seed,
 * its edits cover every kind the fixture allows, a change to the config keeps it one `defineConfig({...})`,
 * and a failure's report shows the first differing file and line.
 */
import { describe, expect, it } from 'vitest';
import { editConfig, setField } from './changes.ts';
import { compareOutputs, describeDifference } from './compareOutputs.ts';
import { entryFiles } from './caseSite.ts';
import { chosenCases } from './chosenCases.ts';
import { PROFILES } from './fixtureProfiles.ts';
import { planCase } from './planCase.ts';

describe('planCase', () => {
  it.each(Object.keys(PROFILES))('%s: the same case for the same seed, another for another, every kind of edit', async (fixture) => {
    const profile = PROFILES[fixture]!;
    const files = await entryFiles(fixture, profile.entriesDir);
    expect(planCase(profile, 7, files)).toEqual(planCase(profile, 7, files));
    expect(planCase(profile, 7, files)).not.toEqual(planCase(profile, 8, files));
    const c = planCase(profile, 7, files);
    expect(c.rounds).toHaveLength(3);
    const kinds = new Set(c.rounds.flat().map((e) => e.kind));
    for (const kind of ['write', 'append', 'field', 'toggle']) expect(kinds, kind).toContain(kind);
    const toggled = new Set(c.rounds.flat().flatMap((e) => (e.kind === 'toggle' ? [e.file] : [])));
    if (profile.components.length) expect([...toggled].some((f) => f.startsWith('components/')), 'a component edited').toBe(true);
    if (profile.strings.length) expect([...toggled].some((f) => f.startsWith('content/strings/')), 'a strings file edited').toBe(true);
    expect(planCase(profile, null, files).setup.filter((e) => e.kind === 'write' && e.file.startsWith(profile.entriesDir))).toEqual([]);
  });
});

describe('chosenCases', () => {
  it('runs the fixture as it is, or the seeds, or what SITE_DIFF_SEED names', () => {
    expect(chosenCases(true, [], undefined)).toEqual([null]);
    expect(chosenCases(false, [4], undefined)).toEqual([4]);
    expect(chosenCases(true, [], '12')).toEqual([]);
    expect(chosenCases(false, [4], '12,none')).toEqual([12]);
    expect(chosenCases(true, [], '12,none')).toEqual([null]);
  });
});

describe('the changes', () => {
  it('sets a front matter field, or adds it', () => {
    expect(setField('---\ntitle: "A"\n---\n\nText.\n', 'title', '"B"')).toBe('---\ntitle: "B"\n---\n\nText.\n');
    expect(setField('---\ntitle: "A"\n---\n\nText.\n', 'draft', 'true')).toBe('---\ntitle: "A"\ndraft: true\n---\n\nText.\n');
  });

  it('adds imports, plugins and fields to a config', () => {
    const config = "import { defineConfig } from 'skerry';\nexport default defineConfig({\n  routes,\n});\n";
    expect(editConfig(config, { kind: 'config', imports: ["import { a } from './a.ts';"], plugins: ['a()'], fields: ["redirects: { '/x': '/' }"] })).toBe(
      "import { a } from './a.ts';\nimport { defineConfig } from 'skerry';\nexport default defineConfig({\n  routes,\n  plugins: [a()],\n  redirects: { '/x': '/' },\n});\n",
    );
    expect(editConfig('defineConfig({\n  plugins: [b()],\n});\n', { kind: 'config', imports: [], plugins: ['a()'], fields: [] })).toBe('\ndefineConfig({\n  plugins: [a(), b()],\n});\n');
  });
});

describe('compareOutputs', () => {
  it('names the first differing file and line, and the other files that differ', () => {
    const cold = new Map([
      ['a.html', Buffer.from('<html>\n<meta name="robots" content="noindex">\n</html>\n')],
      ['b.txt', Buffer.from('same\n')],
      ['c.txt', Buffer.from('gone\n')],
    ]);
    const other = new Map([
      ['a.html', Buffer.from('<html>\n<link rel="canonical">\n</html>\n')],
      ['b.txt', Buffer.from('same\n')],
    ]);
    expect(compareOutputs(cold, new Map(cold))).toBeNull();
    const d = compareOutputs(cold, other)!;
    expect(d.files).toEqual(['a.html', 'c.txt']);
    expect(describeDifference({ fixture: 'blog-site', seed: 3, path: '--workers 2', replay: 'SITE_DIFF_SEED=3 npx vitest run x' }, d)).toBe(
      'blog-site, seed 3, path "--workers 2": a.html differs from the cold build: line 2, column 2:\n  - <meta name="robots" content="noindex">\n  + <link rel="canonical">\n1 more differ: c.txt\nReplay: SITE_DIFF_SEED=3 npx vitest run x',
    );
  });
});
