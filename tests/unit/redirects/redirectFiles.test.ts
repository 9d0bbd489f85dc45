/** `_redirects` and the redirect pages: what hosts read, what a browser and a crawler get, and what the build checks allow. */
import { describe, expect, it } from 'vitest';
import { summarizePage } from '../../../generator/checks/summarizePage.ts';
import { redirectFiles, redirectPage } from '../../../generator/redirects/redirectFiles.ts';
import type { Redirect } from '../../../generator/redirects/redirectTable.ts';

const SITE = 'https://example.com';
const redirects: Redirect[] = [
  { from: '/old-post', to: '/blog/new-post', file: 'old-post.html', source: { kind: 'config' } },
  { from: '/2019/x', to: 'https://docs.example.org/x?a=1&b=2', file: '2019/x.html', source: { kind: 'config' } },
];

describe('redirectFiles', () => {
  it('writes _redirects in the Netlify / Cloudflare Pages format and a page at each old path', () => {
    const files = redirectFiles(redirects, SITE, 'en');
    expect(Object.keys(files)).toEqual(['_redirects', 'old-post.html', '2019/x.html']);
    expect(files._redirects).toBe('/old-post /blog/new-post 301\n/2019/x https://docs.example.org/x?a=1&b=2 301\n');
    expect(redirectFiles([], SITE, 'en')).toEqual({});
  });

  it('sends the browser on at once, names the new URL as canonical, is noindex and shows a link', () => {
    const html = redirectPage(redirects[0]!, SITE, 'de');
    expect(html).toMatch(/^<!doctype html>\n<html lang="de">/);
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/blog/new-post">');
    expect(html).toContain('<link rel="canonical" href="https://example.com/blog/new-post">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<a href="/blog/new-post">https://example.com/blog/new-post</a>');
    const external = redirectPage(redirects[1]!, SITE, 'en');
    expect(external).toContain('content="0; url=https://docs.example.org/x?a=1&amp;b=2"');
    expect(external).toContain('<link rel="canonical" href="https://docs.example.org/x?a=1&amp;b=2">');
  });

  it('passes the page checks: no inline code the CSP would block, a title, noindex, a link to the new page', () => {
    const summary = summarizePage('/old-post', redirectPage(redirects[0]!, SITE, 'en'));
    expect(summary.problems).toEqual({});
    expect(summary.noindex).toBe(true);
    expect(summary.title).toBe('Redirecting to /blog/new-post');
    expect(summary.refs).toEqual(['a /blog/new-post']);
    expect(summary.islands).toEqual([]);
  });
});
