/** A page summary survives packing (ids and refs joined into strings) and the pack's JSON unchanged. */
import { describe, expect, it } from 'vitest';
import type { PageSummary } from '../../../generator/checks/summarizePage.ts';
import { packSummary, unpackSummary } from '../../../generator/cache/packedSummary.ts';

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

/** Packed, through the pack's JSON, and unpacked again. */
const roundTrip = (s: PageSummary) => unpackSummary(JSON.parse(JSON.stringify(packSummary(s))));

describe('packSummary / unpackSummary', () => {
  it('round-trips a summary, refs with spaces and # included', () => {
    const s = summary();
    expect(unpackSummary(packSummary(s))).toEqual(s);
    expect(roundTrip(s)).toEqual(s);
  });

  it('round-trips empty id and ref lists', () => {
    const s = summary({ ids: [], refs: [], islands: [], problems: {}, noindex: true });
    expect(roundTrip(s)).toEqual(s);
    expect(roundTrip(summary({ ids: [] })).ids).toEqual([]);
    expect(roundTrip(summary({ refs: [] })).refs).toEqual([]);
  });

  it('round-trips one-element lists', () => {
    const s = summary({ ids: ['only'], refs: ['a /'] });
    expect(roundTrip(s)).toEqual(s);
  });

  it('stores ids and refs as one string each, and leaves the other fields as they are', () => {
    const s = summary();
    const packed = packSummary(s);
    expect(typeof packed.ids).toBe('string');
    expect(typeof packed.refs).toBe('string');
    expect(packed.ids).toContain('plans');
    expect(packed.refs).toContain('img /logo one.svg');
    const { ids: _i, refs: _r, ...rest } = packed;
    const { ids: _si, refs: _sr, ...sRest } = s;
    expect(rest).toEqual(sRest);
  });

  it('does not change the summary it packs', () => {
    const s = summary();
    const copy = structuredClone(s);
    unpackSummary(packSummary(s));
    expect(s).toEqual(copy);
  });
});
