import { describe, expect, it } from 'vitest';
import { isValidBucketName, isValidKey, mimeTypeAllowed, parseFileSizeToBytes, validateAllowedMimeTypes } from '../../../../generator/backend/storage/storageNames.ts';

describe('storage names and limits', () => {
  it('accepts the storage server keys and refuses what a path could misuse', () => {
    for (const key of ['a.png', 'folder/sub/file name (1).jpg', "a!-_.*'()&$@=;:+,?b", 'folder/.emptyFolderPlaceholder', 'trailing/']) expect(isValidKey(key), key).toBe(true);
    for (const key of ['', '/abs', '../up', 'a/../b', './a', 'a/./b', 'a//b', 'tab\tx', 'nul\u0000', 'é', '😀', 'a\\b', 'a#b', 'a%b', 'x'.repeat(1025)]) {
      expect(isValidKey(key), JSON.stringify(key)).toBe(false);
    }
  });

  it('accepts bucket names of 1 to 100 safe characters, without a slash', () => {
    expect(isValidBucketName('avatars')).toBe(true);
    expect(isValidBucketName('x'.repeat(100))).toBe(true);
    for (const name of ['', 'x'.repeat(101), 'a/b', '..', 'é', 'a\u0000']) expect(isValidBucketName(name), name).toBe(false);
  });

  it("reads a bucket's file_size_limit as the API does (powers of 1000) and refuses other text", () => {
    expect(parseFileSizeToBytes('20mb')).toBe(20_000_000);
    expect(parseFileSizeToBytes('1kb')).toBe(1000);
    expect(parseFileSizeToBytes('1.5GB')).toBe(1_500_000_000);
    expect(parseFileSizeToBytes('12B')).toBe(12);
    for (const bad of ['20', 'mb', '20 mb', '20MiB', '-1mb']) expect(() => parseFileSizeToBytes(bad), bad).toThrow('Invalid file size format');
  });

  it('compares types as the storage server does: a wildcard subtype, else the whole subtype', () => {
    expect(mimeTypeAllowed('image/png', ['image/png'])).toBe(true);
    expect(mimeTypeAllowed('image/webp', ['image/*'])).toBe(true);
    expect(mimeTypeAllowed('text/plain;charset=UTF-8', ['text/plain'])).toBe(false);
    expect(mimeTypeAllowed('text/plain;charset=UTF-8', ['text/*'])).toBe(true);
    expect(mimeTypeAllowed('png', ['image/png'])).toBe(false);
    expect(() => validateAllowedMimeTypes(['image/png', 'text/plain; charset=utf-8', 'image/*'])).not.toThrow();
    expect(() => validateAllowedMimeTypes(['not a type'])).toThrow('mime type not a type is not supported');
  });
});
