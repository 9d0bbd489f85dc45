import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../../../templates/format/formatDate.ts';

describe('formatDate', () => {
  it('writes MMMM d, yyyy', () => {
    expect(formatDate('2025-10-24')).toBe('October 24, 2025');
    expect(formatDate('2025-01-05')).toBe('January 5, 2025');
    expect(formatDate('2024-12-31')).toBe('December 31, 2024');
  });
});
