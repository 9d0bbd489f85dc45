import { describe, expect, it } from 'vitest';
import { supabaseConfigFromText } from '../../../../generator/backend/readSupabaseConfig.ts';
import { sizeInBytes } from '../../../../generator/backend/storage/storageConfig.ts';

describe('[storage] of config.toml', () => {
  it('reads sizes as the Supabase CLI does (go-units: K, M, G are powers of 1024, with or without "i")', () => {
    expect(sizeInBytes(5000000, 'x')).toBe(5000000);
    expect(sizeInBytes('5000000', 'x')).toBe(5000000);
    expect(sizeInBytes('5MB', 'x')).toBe(5242880);
    expect(sizeInBytes('5MiB', 'x')).toBe(5242880);
    expect(sizeInBytes('50MiB', 'x')).toBe(52428800);
    expect(sizeInBytes('500kB', 'x')).toBe(512000);
    expect(() => sizeInBytes('foobar', '[storage] file_size_limit')).toThrow('[storage] file_size_limit = "foobar" is not a size');
    expect(() => sizeInBytes([] as never, 'x')).toThrow();
  });

  it("has the CLI's defaults: served, 50 MiB, no image transformation, no bucket", () => {
    expect(supabaseConfigFromText('').storage).toEqual({ enabled: true, fileSizeLimit: 52428800, imageTransformation: false, buckets: [] });
  });

  it('reads the buckets, a bucket without a limit taking the global one, and env() values', () => {
    const config = supabaseConfigFromText(
      [
        '[storage]',
        'file_size_limit = "10MiB"',
        '[storage.image_transformation]',
        'enabled = true',
        '[storage.buckets.images]',
        'public = true',
        'allowed_mime_types = ["image/png"]',
        'objects_path = "env(IMAGES)"',
        '[storage.buckets.docs]',
        'file_size_limit = "1MiB"',
      ].join('\n'),
      { IMAGES: './images' },
    );
    expect(config.storage).toEqual({
      enabled: true,
      fileSizeLimit: 10485760,
      imageTransformation: true,
      buckets: [
        { name: 'images', public: true, fileSizeLimit: 10485760, allowedMimeTypes: ['image/png'], objectsPath: './images' },
        { name: 'docs', fileSizeLimit: 1048576 },
      ],
    });
    expect(supabaseConfigFromText('[storage]\nenabled = false').storage.enabled).toBe(false);
  });
});
