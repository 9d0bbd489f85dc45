/** The error table's messages read as sentences: one full stop, none after a did-you-mean's question mark. */
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../generator/core/errors.ts';

describe('SiteError messages', () => {
  it('end an island\'s did-you-mean with its question mark alone', () => {
    const near = new SiteError('IslandUnknown', { name: 'TrailSerch', route: '/', template: 'home', near: 'TrailSearch', known: ['TrailSearch'] });
    expect(near.message).toBe('The page / (template "home") shows <Island name="TrailSerch">, but there is no widgets/islands/TrailSerch.tsx: did you mean "TrailSearch"?');
    const none = new SiteError('IslandUnknown', { name: 'Map', route: '/', template: 'home', known: [] });
    expect(none.message).toMatch(/widgets\/islands\/Map\.tsx\.$/);
  });
});
