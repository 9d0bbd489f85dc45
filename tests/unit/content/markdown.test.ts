/** The markdown pipeline: GFM, linkable headings with unique ids, a fair word count, safe HTML. */
import { describe, expect, it } from 'vitest';
import { renderMarkdown, slugify } from '../../../generator/content/markdown.ts';

describe('renderMarkdown', () => {
  it('gives every heading an id and lists the headings', () => {
    const { html, headings } = renderMarkdown('## Why brand kits fail\n\nText.\n\n### What *AI* can do\n');
    expect(headings).toEqual([
      { depth: 2, text: 'Why brand kits fail', id: 'why-brand-kits-fail' },
      { depth: 3, text: 'What AI can do', id: 'what-ai-can-do' },
    ]);
    expect(html).toContain('<h2 id="why-brand-kits-fail">Why brand kits fail</h2>');
    expect(html).toContain('<h3 id="what-ai-can-do">What <em>AI</em> can do</h3>');
  });

  it('keeps heading ids unique, even when a suffix matches another heading', () => {
    const { headings, html } = renderMarkdown('## Pricing\n\n## Pricing\n\n## Pricing 1\n\n## Pricing\n');
    const ids = headings.map((h) => h.id);
    expect(ids).toEqual(['pricing', 'pricing-1', 'pricing-1-1', 'pricing-2']);
    expect(new Set(ids).size).toBe(ids.length);
    // The ids in the HTML are the ids in the list, so "#pricing-1" links work.
    expect([...html.matchAll(/id="([^"]+)"/g)].map((m) => m[1])).toEqual(ids);
  });

  it('links GFM footnotes to ids that exist', () => {
    const { html } = renderMarkdown('Claim.[^1]\n\n[^1]: Source.\n');
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    expect(targets.length).toBe(2);
    for (const t of targets) expect(ids, t).toContain(t);
  });

  it('falls back to "section" for a heading without letters or digits', () => {
    expect(renderMarkdown('## ???\n\n## ???\n').headings.map((h) => h.id)).toEqual(['section', 'section-1']);
  });

  it('renders a GFM table', () => {
    const { html } = renderMarkdown('| Tool | Price |\n| --- | ---: |\n| Decksmith | $19 |\n');
    expect(html).toContain('<table>');
    expect(html).toMatch(/<th>Tool<\/th>\s*<th align="right">Price<\/th>/);
    expect(html).toMatch(/<td>Decksmith<\/td>\s*<td align="right">\$19<\/td>/);
  });

  it('renders GFM strikethrough and autolinks', () => {
    const { html } = renderMarkdown('~~old~~ see https://decksmith.ai\n');
    expect(html).toContain('<del>old</del>');
    expect(html).toContain('<a href="https://decksmith.ai">https://decksmith.ai</a>');
  });

  it('counts the words a reader sees, not markup or link URLs', () => {
    const source = [
      '## Two words',
      '',
      'See [the docs](https://example.com/a-long/path-with-dashes) for **on-brand** slides.',
      '',
      '- one',
      '- two',
      '',
      '| a | b |',
      '| - | - |',
      '| c | d |',
    ].join('\n');
    // 2 + 6 + 2 + 4
    expect(renderMarkdown(source).words).toBe(14);
  });

  it('does not glue words of separate blocks or a hard line break together', () => {
    expect(renderMarkdown('one\n\ntwo  \nthree\n\n> four\n').words).toBe(4);
  });

  it('counts zero words in an empty document', () => {
    expect(renderMarkdown('')).toEqual({ html: '', headings: [], words: 0 });
  });

  it('strips raw HTML and script', () => {
    const { html } = renderMarkdown('Hello <script>alert(1)</script> <img src=x onerror="alert(1)">\n');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
  });

  it('drops javascript: links', () => {
    expect(renderMarkdown('[x](javascript:alert(1))\n').html).not.toContain('javascript:');
  });

  it('keeps the text of a refused link and drops every unsafe URL', () => {
    const { html } = renderMarkdown('[x](javascript:alert(1)) [y](VBScript:x) [z][r] ![i](data:text/html,x)\n\n[r]: javascript:x\n');
    expect(html).toBe('<p><a>x</a> <a>y</a> <a>z</a> <img alt="i"></p>\n');
  });

  it('drops raw HTML blocks and tags entirely, keeping the text between inline tags', () => {
    const { html, words } = renderMarkdown('<div onclick="x()">\nhidden *text*\n</div>\n\nShown <b>bold</b> text.\n');
    expect(html).toBe('<p>Shown bold text.</p>\n');
    expect(words).toBe(3);
  });

  it('never writes a style attribute (the CSP forbids inline styles)', () => {
    const { html } = renderMarkdown('| a | b | c |\n| :- | :-: | -: |\n| 1 | 2 | 3 |\n');
    expect(html).not.toContain('style=');
    expect(html).toMatch(/<td align="left">1<\/td>\s*<td align="center">2<\/td>\s*<td align="right">3<\/td>/);
  });

  it('autolinks like GFM: URLs with a scheme, www. and e-mail addresses, not product names like Beautiful.ai', () => {
    const { html } = renderMarkdown('Beautiful.ai vs www.decksmith.ai, mail hi@decksmith.ai\n');
    expect(html).toBe(
      '<p>Beautiful.ai vs <a href="http://www.decksmith.ai">www.decksmith.ai</a>, mail <a href="mailto:hi@decksmith.ai">hi@decksmith.ai</a></p>\n',
    );
  });

  it('counts footnote text but not image alt text, and ids only top-level headings', () => {
    const { words, headings, html } = renderMarkdown('## Top\n\n> ## Quoted\n\n![a b c](/x.png) One.[^1]\n\n[^1]: Two three.\n');
    expect(words).toBe(5); // Top, Quoted, One., Two, three.
    expect(headings).toEqual([{ depth: 2, text: 'Top', id: 'top' }]);
    expect(html).toContain('<h2>Quoted</h2>');
  });
});

describe('slugify', () => {
  it.each([
    ['Gamma vs Google Slides', 'gamma-vs-google-slides'],
    ['  Café & Crème  ', 'cafe-creme'],
    ['What’s new in 2025?', 'whats-new-in-2025'],
    ['a -- b', 'a-b'],
  ])('%j -> %j', (input, slug) => {
    expect(slugify(input)).toBe(slug);
  });
});
