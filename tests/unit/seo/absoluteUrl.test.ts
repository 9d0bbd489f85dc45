/** The one URL helper: one trailing-slash style for canonical, sitemap, feed and JSON-LD alike. */
import { describe, expect, it } from 'vitest';
import { absoluteUrl, fileForPath } from '../../../generator/seo/absoluteUrl.ts';

describe('absoluteUrl', () => {
  it.each([
    ['https://decksmith.ai', '/', 'https://decksmith.ai/'],
    ['https://decksmith.ai/', '/', 'https://decksmith.ai/'],
    ['https://decksmith.ai', '', 'https://decksmith.ai/'],
    ['https://decksmith.ai', '/pricing', 'https://decksmith.ai/pricing'],
    ['https://decksmith.ai/', '/pricing/', 'https://decksmith.ai/pricing'],
    ['https://decksmith.ai//', 'pricing', 'https://decksmith.ai/pricing'],
    ['https://decksmith.ai', '/blog/gamma-vs-google-slides/', 'https://decksmith.ai/blog/gamma-vs-google-slides'],
    ['https://decksmith.ai', '/assets/og-image.1234567890.png', 'https://decksmith.ai/assets/og-image.1234567890.png'],
    ['https://example.com/site', '/pricing', 'https://example.com/site/pricing'],
    ['https://example.com/site/', '/', 'https://example.com/site/'],
    ['http://localhost:4321', '/feed.xml', 'http://localhost:4321/feed.xml'],
  ])('(%s, %s) -> %s', (site, path, url) => {
    expect(absoluteUrl(site, path)).toBe(url);
  });

  it('passes absolute URLs through unchanged', () => {
    expect(absoluteUrl('https://decksmith.ai', 'https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(absoluteUrl('https://decksmith.ai', 'http://example.com/')).toBe('http://example.com/');
  });

  it('keeps a fragment', () => {
    expect(absoluteUrl('https://decksmith.ai', '/pricing#faq')).toBe('https://decksmith.ai/pricing#faq');
  });
});

describe('fileForPath', () => {
  it.each([
    ['/', 'index.html'],
    ['', 'index.html'],
    ['//', 'index.html'],
    ['/pricing', 'pricing.html'],
    ['/pricing/', 'pricing.html'],
    ['pricing', 'pricing.html'],
    ['/blog/gamma-vs-google-slides', 'blog/gamma-vs-google-slides.html'],
    ['/blog/gamma-vs-google-slides/', 'blog/gamma-vs-google-slides.html'],
  ])('%j -> %s', (path, file) => {
    expect(fileForPath(path)).toBe(file);
  });

  it('agrees with absoluteUrl: paths with and without a trailing slash are one page', () => {
    for (const p of ['/', '/blog', '/blog/x']) {
      expect(fileForPath(`${p}/`)).toBe(fileForPath(p));
      expect(absoluteUrl('https://decksmith.ai', `${p}/`)).toBe(absoluteUrl('https://decksmith.ai', p));
    }
  });
});
