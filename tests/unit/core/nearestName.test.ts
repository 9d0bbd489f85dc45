import { describe, expect, it } from 'vitest';
import { nearestName } from '../../../generator/core/nearestName.ts';

describe('nearestName', () => {
  const fields = ['collections', 'meta', 'routes', 'redirects', 'socialImages', 'search', 'images', 'budgets'];

  it('names the known name a typo is nearest to: a letter missing, added, changed or two swapped, any case', () => {
    expect(nearestName('redirect', fields)).toBe('redirects');
    expect(nearestName('socialImage', fields)).toBe('socialImages');
    expect(nearestName('serach', fields)).toBe('search');
    expect(nearestName('Routes', fields)).toBe('routes');
    expect(nearestName('budgest', fields)).toBe('budgets');
  });

  it('names none for another word', () => {
    expect(nearestName('plugins', fields)).toBeNull();
    expect(nearestName('x', fields)).toBeNull();
    expect(nearestName('anything', [])).toBeNull();
  });
});
