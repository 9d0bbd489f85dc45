/** Page summaries survive packing (ids and refs as numbers into one string table) and the pack's JSON unchanged. */
import { describe, expect, it } from 'vitest';
import type { PageSummary } from '../../../generator/checks/summarizePage.ts';
import { SummaryTable, type PackedSummary } from '../../../generator/cache/packedSummary.ts';

const summary = (overrides: Partial<PageSummary> = {}): PageSummary => ({
  url: '/pricing',
  title: 'Pricing | Decksmith',
  description: 'Plans & prices',
  noindex: false,
  ids: ['faq', 'plans', 'main'],
  refs: ['a /pricing#faq', 'img /logo one.svg', 'a /blog/post#a b', 'script /assets/loader.js', 'a /#'],
  islands: [{ name: 'waitlist-form', hydrate: 'visible' }],
  problems: { missingAlt: ['<img src="/x.png">'] },
  ...overrides,
});

/** Packed into a fresh table, through the pack's JSON (table and summaries), and unpacked from the table read back. */
function roundTrip(list: PageSummary[]): (PageSummary | null)[] {
  const table = new SummaryTable();
  const packed = list.map((s) => table.pack(s));
  const json = JSON.parse(JSON.stringify({ strings: table.strings, packed })) as { strings: string[]; packed: PackedSummary[] };
  const read = new SummaryTable(json.strings);
  return json.packed.map((p) => read.unpack(p));
}

describe('SummaryTable', () => {
  it('round-trips summaries, refs with spaces and # included', () => {
    const list = [summary(), summary({ url: '/blog', ids: ['main', 'posts'], refs: ['a /pricing#faq', 'a /blog/x'] })];
    expect(roundTrip(list)).toEqual(list);
  });

  it('round-trips empty and one-element lists', () => {
    const list = [summary({ ids: [], refs: [], islands: [], problems: {}, noindex: true }), summary({ ids: ['only'], refs: ['a /'] })];
    expect(roundTrip(list)).toEqual(list);
  });

  it('stores each distinct string once, however many pages use it', () => {
    const table = new SummaryTable();
    for (let i = 0; i < 100; i++) table.pack(summary({ url: `/p${i}` }));
    expect(table.strings).toHaveLength(3 + 5);
    expect(new Set(table.strings).size).toBe(table.strings.length);
  });

  it('leaves the other fields as they are, and does not change the summary it packs', () => {
    const s = summary();
    const copy = structuredClone(s);
    const packed = new SummaryTable().pack(s);
    expect(packed.ids.every((n) => Number.isInteger(n))).toBe(true);
    const { ids: _i, refs: _r, ...rest } = packed;
    const { ids: _si, refs: _sr, ...sRest } = s;
    expect(rest).toEqual(sRest);
    expect(s).toEqual(copy);
  });

  it('refuses a summary that refers past the end of its table (a pack that does not add up)', () => {
    const table = new SummaryTable();
    const packed = table.pack(summary());
    expect(new SummaryTable(table.strings.slice(0, 2)).unpack(packed)).toBeNull();
    expect(new SummaryTable(table.strings).unpack({ ...packed, refs: [0.5] })).toBeNull();
    expect(new SummaryTable(table.strings).unpack({ ...packed, ids: 'faq' as unknown as number[] })).toBeNull();
  });
});
