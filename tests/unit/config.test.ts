/** resolveConfig: absolute paths out, and an output folder that can never swallow the sources. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backendFromEnv, checkSiteUrl, resolveConfig } from '../../generator/config.ts';
import { SiteError } from '../../generator/core/errors.ts';

const root = path.resolve('/projects/site');

describe('resolveConfig', () => {
  it('resolves folders against the root', () => {
    const c = resolveConfig('build', { root, backend: null });
    expect(c).toMatchObject({
      mode: 'build',
      root,
      contentDir: path.join(root, 'content'),
      outDir: path.join(root, 'dist'),
      staticDir: path.join(root, 'templates', 'static'),
      write: true,
      backend: null,
    });
  });

  it('accepts an output folder outside the project (temporary builds)', () => {
    expect(resolveConfig('build', { root, out: '/tmp/site-out', backend: null }).outDir).toBe(path.resolve('/tmp/site-out'));
  });

  it.each(['.', '..', '/', 'content', 'templates', 'widgets', 'generator', 'supabase', 'node_modules', 'scripts', 'bin', 'tests', '.git', 'content/blog', 'templates/static', '.site', '.site/cache/build'])(
    'refuses --out %s, which would replace sources',
    (out) => {
      expect(() => resolveConfig('build', { root, out, backend: null })).toThrow(SiteError);
      try {
        resolveConfig('build', { root, out, backend: null });
      } catch (e) {
        expect((e as SiteError).code).toBe('OutputDirUnsafe');
      }
    },
  );

  it('refuses an output folder that contains a custom content folder', () => {
    expect(() => resolveConfig('build', { root, content: '/data/site/content', out: '/data/site', backend: null })).toThrow(
      /Refusing to replace/,
    );
  });

  it('refuses an output folder inside or around the build cache', () => {
    expect(() => resolveConfig('build', { root, out: '/var/cache/site/out', cacheDir: '/var/cache/site', backend: null })).toThrow(/inside the build cache/);
    expect(() => resolveConfig('build', { root, out: '/var/cache', cacheDir: '/var/cache/site', backend: null })).toThrow(/contains the build cache/);
  });

  it('normalizes and checks --site-url', () => {
    expect(resolveConfig('build', { root, siteUrl: 'https://example.com/', backend: null }).siteUrl).toBe('https://example.com');
    expect(() => resolveConfig('build', { root, siteUrl: 'example.com', backend: null })).toThrow(SiteError);
  });
});

describe('checkSiteUrl', () => {
  it.each(['ftp://example.com', 'not a url', '/relative'])('rejects %s', (url) => {
    expect(() => checkSiteUrl(url)).toThrow(/is not an absolute http\(s\) URL/);
  });
});

describe('backendFromEnv', () => {
  it('needs both the URL and the anon key', () => {
    expect(backendFromEnv({ SITE_SUPABASE_URL: 'http://127.0.0.1:54321' })).toBeNull();
    expect(backendFromEnv({ SITE_SUPABASE_URL: 'http://x', SITE_SUPABASE_ANON_KEY: 'k' })).toEqual({ url: 'http://x', anonKey: 'k' });
  });

  it('takes the publishable key before the legacy anon key', () => {
    const env = { SITE_SUPABASE_URL: 'http://x', SITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_k', SITE_SUPABASE_ANON_KEY: 'legacy' };
    expect(backendFromEnv(env)).toEqual({ url: 'http://x', anonKey: 'sb_publishable_k' });
    expect(backendFromEnv({ SITE_SUPABASE_URL: 'http://x', SITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_k' })).toEqual({ url: 'http://x', anonKey: 'sb_publishable_k' });
  });
});
