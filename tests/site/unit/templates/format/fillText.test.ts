import { describe, expect, it } from 'vitest';
import { fillText } from '../../../../../templates/format/fillText.ts';

describe('fillText', () => {
  it('puts each value in its placeholder, as often as it appears', () => {
    expect(fillText('Page {page} of {pages}', { page: 2, pages: 9 })).toBe('Page 2 of 9');
    expect(fillText('{n}/{n}', { n: 'x' })).toBe('x/x');
  });

  it('leaves placeholders without a value, and other braces, as written', () => {
    expect(fillText('Page {page} of {pages}', { page: 2 })).toBe('Page 2 of {pages}');
    expect(fillText('{ page } {toString}', { page: 1 })).toBe('{ page } {toString}');
  });
});
