/** The site's markdown engines: markdown-it (default) and remark give the same page; plugins; engine choice. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type MarkdownIt from 'markdown-it';
import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../generator/content/markdown.ts';
import { markdownRenderer } from '../../../generator/content/markdownRenderer.ts';
import { splitFrontMatter } from '../../../generator/content/splitFrontMatter.ts';
import { contentDir } from '../helpers/content.ts';
import { parseHtml } from '../helpers/xml.ts';

const remark = await markdownRenderer({ engine: 'remark' });

/** What a reader sees of the HTML, and the attributes links and tables depend on. */
function seen(html: string) {
  const doc = parseHtml(html);
  const all = (selector: string) => [...doc.querySelectorAll(selector)];
  return {
    text: (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim(),
    ids: all('[id]').map((e) => `${e.tagName.toLowerCase()}#${e.id}`),
    headingIds: all('h1[id], h2[id], h3[id], h4[id], h5[id], h6[id]').map((e) => e.id),
    hrefs: all('a').map((a) => a.getAttribute('href')),
    aligns: all('th, td').map((c) => c.getAttribute('align')),
    styled: all('[style]').length,
  };
}

const documents = ['blog', 'legal'].flatMap((dir) =>
  readdirSync(path.join(contentDir, dir))
    .filter((f) => f.endsWith('.md'))
    .map((f) => [`${dir}/${f}`, splitFrontMatter(readFileSync(path.join(contentDir, dir, f), 'utf8')).body] as const),
);

describe('both engines on the real articles and legal texts', () => {
  it('reads all of them', () => {
    expect(documents.filter(([name]) => name.startsWith('blog/')).length).toBeGreaterThanOrEqual(7);
    expect(documents.filter(([name]) => name.startsWith('legal/')).length).toBeGreaterThanOrEqual(2);
  });

  it.each(documents)('%s: same text, headings, ids, words, links and table alignment', (_name, body) => {
    const a = renderMarkdown(body);
    const b = remark(body);
    expect(b.headings).toEqual(a.headings);
    expect(b.words).toBe(a.words);
    const [sa, sb] = [seen(a.html), seen(b.html)];
    expect(sb).toEqual(sa);
    // The ids in the HTML are the listed ones, so the table of contents links work with either engine.
    expect(sb.headingIds).toEqual(b.headings.map((h) => h.id));
    expect(sb.styled).toBe(0);
    expect(a.headings.length).toBeGreaterThan(2);
    expect(a.words).toBeGreaterThan(500);
  });
});

describe.each([
  ['markdown-it', await markdownRenderer()],
  ['remark', remark],
])('the %s engine', (_engine, render) => {
  it('gives unique heading ids and lists the top-level headings', () => {
    const { html, headings } = render('## Pricing\n\n## Pricing\n\n## Pricing 1\n\n> ## Quoted\n\n## ???\n\n### What *AI* `can` do\n');
    expect(headings).toEqual([
      { depth: 2, text: 'Pricing', id: 'pricing' },
      { depth: 2, text: 'Pricing', id: 'pricing-1' },
      { depth: 2, text: 'Pricing 1', id: 'pricing-1-1' },
      { depth: 2, text: '???', id: 'section' },
      { depth: 3, text: 'What AI can do', id: 'what-ai-can-do' },
    ]);
    expect(html).toContain('<h2>Quoted</h2>');
    expect(html).toContain('<h3 id="what-ai-can-do">What <em>AI</em> <code>can</code> do</h3>');
    // A heading over two lines: its line break is a space.
    expect(render('Two \nlines\n===\n').headings).toEqual([{ depth: 1, text: 'Two lines', id: 'two-lines' }]);
  });

  it('links footnotes both ways, in the order they are called, to ids that exist', () => {
    const { html, words } = render('A[^b] and B[^a] again[^b].\n\n[^a]: First *para*.\n\n    Second para.\n\n[^b]: Other.\n\n[^c]: Never called.\n');
    const doc = parseHtml(html);
    const ids = new Set([...doc.querySelectorAll('[id]')].map((e) => e.id));
    const targets = [...doc.querySelectorAll('a[href^="#"]')].map((a) => a.getAttribute('href')!.slice(1));
    expect(targets).toEqual(['fn1', 'fn2', 'fn1', 'fnref1', 'fnref1:1', 'fnref2']);
    for (const t of targets) expect(ids, t).toContain(t);
    expect(doc.querySelector('sup.footnote-ref')!.textContent).toBe('[1]');
    expect(doc.querySelector('#fn2')!.textContent!.trim()).toBe('First para.\nSecond para. \u21a9\ufe0e');
    expect(html).not.toContain('Never called');
    expect(words).toBe(9); // A and B again. / Other. / First para. Second para.
  });

  it('drops raw HTML blocks and tags, keeping the text between inline tags', () => {
    const { html, words } = render('<div onclick="x()">\nhidden *text*\n</div>\n\nShown <b>bold</b> text. <script>alert(1)</script>\n');
    expect(html).toBe('<p>Shown bold text. alert(1)</p>\n');
    expect(words).toBe(4);
  });

  it('refuses javascript:, vbscript: and data: URLs, keeping the text', () => {
    const { html } = render('[x](javascript:alert(1)) [y](VBScript:x) [z][r] ![i](data:text/html,x) ![ok](data:image/png;base64,AA)\n\n[r]: javascript:x\n');
    expect(html).toBe('<p><a>x</a> <a>y</a> <a>z</a> <img alt="i"> <img src="data:image/png;base64,AA" alt="ok"></p>\n');
  });

  it('writes table alignment as align attributes, never style', () => {
    const { html } = render('| a | b | c | d |\n| :- | :-: | -: | - |\n| 1 | 2 | 3 | 4 |\n');
    expect(html).not.toContain('style=');
    expect(html).toMatch(/<td align="left">1<\/td>\s*<td align="center">2<\/td>\s*<td align="right">3<\/td>\s*<td>4<\/td>/);
  });

  it('counts the words a reader sees: not URLs, alt text or markup; line breaks and blocks separate words', () => {
    const source = 'See [the docs](https://example.com/a-b) for **on**brand ![a b](/i.png) slides.\n\none  \ntwo\n\n```\nthree four\n```\n\n| a | b |\n| - | - |\n| c | d |\n';
    expect(render(source).words).toBe(6 + 2 + 2 + 4);
  });

  it('autolinks URLs, www. and e-mail addresses like GFM, not names like Beautiful.ai', () => {
    expect(render('~~old~~ Beautiful.ai vs www.decksmith.ai, mail hi@decksmith.ai\n').html).toBe(
      '<p><del>old</del> Beautiful.ai vs <a href="http://www.decksmith.ai">www.decksmith.ai</a>, mail <a href="mailto:hi@decksmith.ai">hi@decksmith.ai</a></p>\n',
    );
  });

  it('renders an empty document as nothing', () => {
    expect(render('')).toEqual({ html: '', headings: [], words: 0 });
  });
});

/** A markdown-it plugin that adds a class to every paragraph. */
function paragraphClass(md: MarkdownIt, className = 'lead'): void {
  md.core.ruler.push('paragraph_class', (state) => {
    for (const t of state.tokens) if (t.type === 'paragraph_open') t.attrJoin('class', className);
  });
}

/** A unified plugin that adds a class to every paragraph. */
function remarkParagraphClass(options: { className?: string } = {}) {
  return (tree: Root) =>
    visit(tree, 'paragraph', (node) => {
      node.data = { ...node.data, hProperties: { className: [options.className ?? 'lead'] } };
    });
}

describe('markdownRenderer', () => {
  it('is renderMarkdown itself by default, so the default costs nothing extra', async () => {
    expect(await markdownRenderer()).toBe(renderMarkdown);
    expect(await markdownRenderer({})).toBe(renderMarkdown);
    expect(await markdownRenderer({ engine: 'markdown-it', markdownItPlugins: [], remarkPlugins: [] })).toBe(renderMarkdown);
  });

  it('applies markdown-it plugins, alone or with options, after the built-in rules, in an instance of their own', async () => {
    const render = await markdownRenderer({ markdownItPlugins: [paragraphClass, [paragraphClass, 'wide']] });
    expect(render('Hello *there*.\n\n## Next\n').html).toBe('<p class="lead wide">Hello <em>there</em>.</p>\n<h2 id="next">Next</h2>\n');
    expect(render('[x](javascript:x) <b>y</b>\n').html).toBe('<p class="lead wide"><a>x</a> y</p>\n');
    expect(renderMarkdown('Hello.\n').html).toBe('<p>Hello.</p>\n');
  });

  it('runs unified plugins on the remark tree, alone or with options, before the site pass', async () => {
    const render = await markdownRenderer({ engine: 'remark', remarkPlugins: [[remarkParagraphClass, { className: 'wide' }]] });
    expect(render('Hello *there*.\n\n## Next\n').html).toBe('<p class="wide">Hello <em>there</em>.</p>\n<h2 id="next">Next</h2>\n');
    // What a plugin adds is finished like the rest: its headings get ids, its raw HTML is dropped.
    const addsHeading = () => (tree: Root) => {
      tree.children.push({ type: 'heading', depth: 2, children: [{ type: 'text', value: 'Next' }] }, { type: 'html', value: '<script>x()</script>' });
    };
    const withHeading = (await markdownRenderer({ engine: 'remark', remarkPlugins: [remarkParagraphClass, addsHeading] }))('## Next\n');
    expect(withHeading.html).toBe('<h2 id="next">Next</h2>\n<h2 id="next-1">Next</h2>\n');
    expect(withHeading.headings.map((h) => h.id)).toEqual(['next', 'next-1']);
    expect(remark('Hello.\n').html).toBe('<p>Hello.</p>\n');
  });

  it('highlights fenced code by default; highlight: false leaves it plain in both engines; aliases add fence names', async () => {
    const source = '```npmrc\nsave-exact = true\n```\n\n```ts\nconst a = 1;\n```\n';
    expect(await markdownRenderer({ highlight: {} })).toBe(renderMarkdown);
    expect(renderMarkdown(source).html).toMatch(/^<pre><code class="language-npmrc">save-exact = true\n<\/code><\/pre>\n<pre class="hl"><code class="language-ts"><span class="hl-keyword">/);
    for (const engine of ['markdown-it', 'remark'] as const) {
      const off = await markdownRenderer({ engine, highlight: false });
      expect(off(source).html).toBe('<pre><code class="language-npmrc">save-exact = true\n</code></pre>\n<pre><code class="language-ts">const a = 1;\n</code></pre>\n');
      const aliased = await markdownRenderer({ engine, highlight: { aliases: { npmrc: 'ini' } } });
      expect(aliased(source).html).toMatch(/^<pre class="hl"><code class="language-npmrc"><span class="hl-/);
    }
  });
});
