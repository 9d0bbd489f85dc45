import { describe, expect, it } from 'vitest';
import { negotiateAccept } from '../../../generator/backend/rest/negotiateAccept.ts';

describe('negotiateAccept', () => {
  it('picks by q, then order', () => {
    expect(negotiateAccept('')).toBe('json');
    expect(negotiateAccept('*/*')).toBe('json');
    expect(negotiateAccept('text/csv')).toBe('csv');
    expect(negotiateAccept('application/vnd.pgrst.object+json')).toBe('object');
    expect(negotiateAccept('text/xml, text/csv;q=0.5, application/json;q=0.9')).toBe('json');
  });

  it('refuses with 406 PGRST107 naming what was asked', () => {
    expect(() => negotiateAccept('text/xml, application/geo+json')).toThrow('None of these media types are available: text/xml, application/geo+json');
  });
});
