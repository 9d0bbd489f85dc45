import { describe, expect, it } from 'vitest';
import { explainSql, planContentType } from '../../../../generator/backend/rest/explainSql.ts';
import { pickAccept } from '../../../../generator/backend/rest/negotiateAccept.ts';

describe('pickAccept with application/vnd.pgrst.plan', () => {
  it('reads the format, the for type and the options, in PostgREST order', () => {
    expect(pickAccept('application/vnd.pgrst.plan+json; for="application/json"; options=settings|verbose;', true)).toEqual({
      media: 'json',
      stripNulls: false,
      plan: { format: 'json', options: ['verbose', 'settings'], forType: 'application/json' },
    });
    expect(pickAccept('application/vnd.pgrst.plan', true).plan).toEqual({ format: 'text', options: [], forType: 'application/json' });
    expect(pickAccept('application/vnd.pgrst.plan+text; for="text/csv"', true)).toMatchObject({ media: 'csv', plan: { format: 'text' } });
  });

  it('is 406 PGRST107 while plans are off, and for a for type it cannot produce', () => {
    expect(() => pickAccept('application/vnd.pgrst.plan+json')).toThrow('None of these media types are available: application/vnd.pgrst.plan+json');
    expect(() => pickAccept('application/vnd.pgrst.plan+json; for="text/xml"', true)).toThrow('None of these media types');
  });

  it('writes the EXPLAIN and the Content-Type of a plan', () => {
    const plan = { format: 'json', options: ['analyze', 'verbose'], forType: 'application/json' } as const;
    expect(explainSql({ ...plan, options: [...plan.options] }, 'select 1')).toBe('explain (format json, analyze, verbose) select 1');
    expect(planContentType({ ...plan, options: [...plan.options] })).toBe('application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose; charset=utf-8');
  });
});
