import { describe, expect, it } from 'vitest';
import { imageName } from '../../../generator/editor/imageName.ts';

describe('imageName', () => {
  it('keeps a safe name with its image extension', () => {
    expect(imageName('Chart 2025.PNG')).toBe('chart-2025.png');
    expect(imageName('../../evil.jpg')).toBe('evil.jpg');
  });
  it('refuses what is no image or has no name', () => {
    expect(imageName('notes.txt')).toBeNull();
    expect(imageName('.png')).toBeNull();
    expect(imageName(undefined)).toBeNull();
  });
});
