/** The summaries a build keeps for its checks share one copy of each repeated string, and the checks find the same problems over them. */
import { describe, expect, it } from 'vitest';
import { brokenLinks, linksToRedirects } from '../../../generator/checks/checkPages.ts';
import { shareStrings, stringTable } from '../../../generator/checks/sharedStrings.ts';
import { summarizePage } from '../../../generator/checks/summarizePage.ts';

const nav = '<nav id="nav"><a href="/">Home</a><a href="/blog">Blog</a><a href="/old">Old</a></nav>';
const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title><link rel="stylesheet" href="/assets/main.css"/></head><body>${nav}<main id="main">${body}</main></body></html>`;
const pages = () => [
  summarizePage('/', page('Home', '<a href="/blog#missing">bad anchor</a>')),
  summarizePage('/blog', page('Blog', '<h2 id="latest">Latest</h2><a href="/nowhere">bad</a>')),
  summarizePage('/blog/a', page('A', '<a href="/blog#latest">ok</a><a href="/nowhere">bad again</a>')),
];

describe('shareStrings', () => {
  it('points every page at one copy of a repeated reference, id and dependency, leaving values and order as they were', () => {
    const table = stringTable();
    // Copies made as a worker's message makes them: equal strings, separate objects.
    const built = pages().map((summary, i) => ({ deps: [`pages/${i}.json`, ['site', 'json'].join('.')], summary }));
    const before = structuredClone(built);
    for (const p of built) shareStrings(table, p);
    expect(built).toEqual(before);
    expect(table(['a', '/blog'].join(' '))).toBe(built[0]!.summary.refs.find((r) => r === 'a /blog'));
    expect(table(['site', 'json'].join('.'))).toBe(built[2]!.deps[1]);
  });

  it('leaves the checks over the summaries with the same broken links and redirected links', () => {
    const files = ['assets/main.css'];
    const redirects = { '/old': '/blog' };
    const plain = pages();
    const shared = pages();
    const table = stringTable();
    for (const summary of shared) shareStrings(table, { deps: [], summary });
    const problems = brokenLinks({ pages: plain, files, sitemapXml: '', siteUrl: 'https://example.com', redirects });
    expect(problems).toEqual([
      '/: link to /blog#missing has no element with id "missing"',
      '/blog: <a> points to /nowhere, which no route or file provides',
      '/blog/a: <a> points to /nowhere, which no route or file provides',
    ]);
    expect(brokenLinks({ pages: shared, files, sitemapXml: '', siteUrl: 'https://example.com', redirects })).toEqual(problems);
    expect(linksToRedirects({ pages: shared, redirects })).toEqual(linksToRedirects({ pages: plain, redirects }));
  });
});
