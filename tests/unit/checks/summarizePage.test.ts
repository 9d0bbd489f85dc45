/** summarizePage reads what the checks and budgets need from a page's HTML, as React and markdown-it write it, into plain data. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { own, summarizePage } from '../../../generator/checks/summarizePage.ts';
import { jsonLdRequirements } from '../../../generator/checks/jsonLdRules.ts';

const page = (head: string, body: string) => `<!doctype html><html lang="en"><head><meta charSet="utf-8"/>${head}</head><body>${body}</body></html>`;

describe('summarizePage', () => {
  it('reads title, description, noindex, ids, internal references and islands', () => {
    const s = summarizePage(
      '/a',
      page(
        '<title> Q&amp;A | Site </title><meta name="description" content=" Tom &amp; Jerry&#x27;s &quot;page&quot; "/><meta name="robots" content="noindex, nofollow"/>' +
          '<link rel="canonical" href="/a"/><link rel="alternate" type="application/rss+xml" href="/feed.xml"/><link rel="stylesheet" href="/assets/main.css"/><script type="module" src="/assets/l.js"></script>',
        '<main id="main"><a href="/b#x">b</a><a href="https://x.org/">ext</a><a href="mailto:a@b.c">m</a><a href="tel:1">t</a><img src="data:image/png;base64,AA" alt=""/><a href="">empty</a><a>none</a>' +
          '<div data-island="ContactForm" data-hydrate="interaction" data-props="{&quot;a&quot;:1}"></div><header data-hydrate="idle" data-island="NavSession"></header><span data-island="Toaster"></span></main>',
      ),
    );
    expect(s).toEqual({
      url: '/a',
      title: 'Q&amp;A | Site',
      description: 'Tom & Jerry\'s "page"',
      noindex: true,
      ids: ['main'],
      refs: ['link /assets/main.css', 'script /assets/l.js', 'a /b#x'],
      islands: [
        { name: 'ContactForm', hydrate: 'interaction' },
        { name: 'NavSession', hydrate: 'idle' },
        { name: 'Toaster', hydrate: 'load' },
      ],
      problems: {},
    });
  });

  it('decodes entities in ids and hrefs', () => {
    const s = summarizePage('/', page('', '<h2 id="q&amp;a">Q</h2><h2 id="it&#x27;s">I</h2><h2 id="a&#39;b&lt;c&gt;">X</h2><a href="/search?q=1&amp;r=2#q&amp;a">s</a><img src="/i.png?a=1&amp;b=2"/>'));
    expect(s.ids).toEqual(['q&a', "it's", "a'b<c>"]);
    expect(s.refs).toEqual(['a /search?q=1&r=2#q&a', 'img /i.png?a=1&b=2']);
    expect(s.problems.missingAlt).toEqual(['/: <img src="/i.png?a=1&b=2"> has no alt text']);
  });

  it('captures JSON-LD text and reports what is wrong with it', () => {
    const ld = (text: string) => `<script type="application/ld+json">${text}</script>`;
    const ok = JSON.stringify({ '@context': 'https://schema.org', '@type': 'WebSite', name: 'Site </b> <a href="/x">', url: 'https://example.com/' });
    expect(summarizePage('/', page(ld(ok), '')).problems).toEqual({});
    expect(summarizePage('/', page(ld(ok), '')).refs).toEqual([]);
    const s = summarizePage('/p', page(ld(JSON.stringify({ '@context': 'https://schema.org', '@type': 'WebSite', name: 'S' })) + ld('{not json'), ''));
    expect(s.problems.invalidJsonLd?.[0]).toBe(`/p: WebSite is missing url (${jsonLdRequirements.WebSite!.hint})`);
    expect(s.problems.invalidJsonLd?.[1]).toMatch(/^\/p: a JSON-LD block is not valid JSON \(/);
    expect(s.problems.inlineCode).toBeUndefined();
  });

  it('does not end a tag at a ">" inside a quoted attribute', () => {
    const s = summarizePage('/', page('', '<a title="a > b" href="/x" data-x=\'c>d\' id="after">x</a><img alt="1 > 0" src="/y.png"/><p data-note="<img src=/z.png>">t</p>'));
    expect(s.refs).toEqual(['a /x', 'img /y.png']);
    expect(s.ids).toEqual(['after']);
    expect(s.problems).toEqual({});
  });

  it('reads uppercase tag and attribute names', () => {
    const s = summarizePage('/', page('<META NAME="description" CONTENT="Loud"/>', '<DIV ID="Top"><A HREF="/up">u</A><IMG SRC="/i.png"><BUTTON ONCLICK="go()">b</BUTTON><SCRIPT>x()</SCRIPT></DIV>'));
    expect(s.description).toBe('Loud');
    expect(s.ids).toEqual(['Top']);
    expect(s.refs).toEqual(['a /up', 'img /i.png']);
    expect(s.problems).toEqual({
      missingAlt: ['/: <img src="/i.png"> has no alt text'],
      inlineCode: ['/: <button> has an inline event handler (onclick)', '/: has an inline <script>'],
    });
  });

  it('reads boolean, empty and unquoted attributes, void tags and <details name>', () => {
    const s = summarizePage(
      '/',
      page(
        '',
        '<img src="/a.png" alt><img alt src=/b.png><input required name="email" id=email><br><hr/><details name="faq" open><summary>Q</summary></details><details name="faq" id="d2"></details>' +
          '<li data-session-only="" hidden=""><a href=/admin>Admin</a></li><script type="module" src="/m.js" async></script>',
      ),
    );
    expect(s.problems).toEqual({});
    expect(s.ids).toEqual(['email', 'd2']);
    expect(s.description).toBe('');
    expect(s.refs).toEqual(['img /a.png', 'img /b.png', 'a /admin', 'script /m.js']);
  });

  it('reports inline code in document order and skips comments', () => {
    const s = summarizePage('/', page('<style>p{}</style>', '<!-- <img src="/c.png"> --><p style="x" onMouseOver="y()">p</p><a href=" JavaScript:void 0">j</a><!---->'));
    expect(s.problems).toEqual({
      inlineCode: ['/: has an inline <style> element', '/: <p> has a style attribute', '/: <p> has an inline event handler (onmouseover)', '/: has a javascript: link'],
    });
    expect(s.refs).toEqual(['a  JavaScript:void 0']);
  });

  it('is plain data that survives structuredClone and JSON unchanged', () => {
    const s = summarizePage(
      '/x',
      page('<title>T</title><script>a()</script>', '<img src="/a.png"><div id="i" data-island="Toaster" data-hydrate="idle"></div><script type="application/ld+json">{}</script>'),
    );
    expect(Object.keys(s.problems).sort()).toEqual(['inlineCode', 'invalidJsonLd', 'missingAlt']);
    expect(structuredClone(s)).toStrictEqual(s);
    expect(JSON.parse(JSON.stringify(s))).toStrictEqual(s);
  });

  it('keeps none of the page it read: a build holds thousands of summaries until its checks run', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const used = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const before = used();
    // 200 pages of ~100 KB each, every one different; a summary of slices would keep all 20 MB alive.
    const summaries = Array.from({ length: 200 }, (_, n) => {
      const filler = `<p>${String(n).repeat(50_000)}</p>`;
      return summarizePage(
        `/p${n}`,
        page(`<title>Page number ${n} of the long site</title><meta name="description" content="The description of page ${n}, long enough"/>`, `<main id="section-${n}-heading">${filler}<a href="/blog/article-${n}#anchor">x</a><img src="/images/picture-${n}.png"></main>`),
      );
    });
    const held = used() - before;
    expect(summaries[7]!.refs).toEqual(['a /blog/article-7#anchor', 'img /images/picture-7.png']);
    expect(summaries[7]!.problems.missingAlt).toEqual(['/p7: <img src="/images/picture-7.png"> has no alt text']);
    expect(held).toBeLessThan(2_000_000);
  });
});

describe('own', () => {
  it('returns the same text, short or long, sliced, joined or not', () => {
    const big = `${'x'.repeat(1000)}<a href="/blog/a-long-article-name">`;
    const slice = big.slice(1009, 1009 + 24);
    for (const s of ['', 'short', slice, `a ${slice}`, 'é“quoted”—日本'.repeat(3)]) expect(own(s)).toBe(s);
  });
});
