/**
 * generator/content/highlightCode.ts through both markdown engines: fenced code with a language gets
 * hl-* classes (never a style attribute), the same HTML from markdown-it and remark, escaped text; an
 * unknown language or no language stays plain; shiki loads only for a document with such a block.
 */
import { describe, expect, it, vi } from 'vitest';
import { codeHighlighter, escapeHtml, HIGHLIGHT_KINDS, highlightWork, MAX_LINE } from '../../../generator/content/highlightCode.ts';
import { markdownItRenderer, renderMarkdown } from '../../../generator/content/markdown.ts';
import { markdownRenderer } from '../../../generator/content/markdownRenderer.ts';
import { remarkMarkdown } from '../../../generator/content/remarkMarkdown.ts';
import { TS_SAMPLE } from '../helpers/codeSamples.ts';
import { parseHtml } from '../helpers/xml.ts';

const TS_BLOCK = ['```ts', ...TS_SAMPLE, '```', ''].join('\n');

/** The code's text as a reader sees it: the <code> element's text. */
const codeText = (html: string) => [...parseHtml(html).querySelectorAll('pre code')].map((c) => c.textContent);

describe('highlighted code', () => {
  // The modules are imported afresh: another file run earlier in the same process may have loaded shiki.
  it('does not load shiki for documents without fenced code, or with fences of no or a plain language', async () => {
    vi.resetModules();
    const fresh = {
      ...(await import('../../../generator/content/highlightCode.ts')),
      ...(await import('../../../generator/content/markdown.ts')),
      ...(await import('../../../generator/content/remarkMarkdown.ts')),
    };
    fresh.renderMarkdown('# Title\n\nText with `inline code` and\n\n    indented code\n');
    fresh.renderMarkdown('```\nno language\n```\n\n```text\nplain text\n```\n');
    fresh.remarkMarkdown()('# Title\n\n```\nno language\n```\n');
    expect(fresh.shikiLoaded()).toBe(false);
    fresh.renderMarkdown('```js\nconst a = 1;\n```\n');
    expect(fresh.shikiLoaded()).toBe(true);
  });

  it('gives a TypeScript block hl-* classes and no style attribute', () => {
    const { html } = renderMarkdown(TS_BLOCK);
    expect(html.startsWith('<pre class="hl"><code class="language-ts">')).toBe(true);
    expect(html).not.toContain('style');
    const classes = new Set([...html.matchAll(/class="([^"]+)"/g)].map((m) => m[1]));
    for (const kind of ['keyword', 'string-expression', 'comment', 'function', 'constant']) expect(classes).toContain(`hl-${kind}`);
    for (const c of classes) expect(['hl', 'language-ts', ...HIGHLIGHT_KINDS.map((k) => `hl-${k}`)]).toContain(c);
    expect(html).toContain('<span class="hl-comment">// Ten slides in the brand theme.</span>');
    // The text is the block's, line for line.
    expect(codeText(html)).toEqual([TS_BLOCK.split('\n').slice(1, -2).join('\n') + '\n']);
  });

  it('gives the same HTML, headings and word count with both engines', async () => {
    const remark = await markdownRenderer({ engine: 'remark' });
    const source = `## Setup\n\n${TS_BLOCK}\n\`\`\`bash\nnpm run build -- --out dist # build\n\`\`\`\n\n- a list\n\n  \`\`\`json\n  {"a": [1, true, null, "x"]}\n  \`\`\`\n\n\`\`\`\nplain\n\`\`\`\n\n\`\`\`js\n\`\`\`\n`;
    const a = renderMarkdown(source);
    const b = remark(source);
    expect(b.html).toBe(a.html);
    expect(b.headings).toEqual(a.headings);
    expect(b.words).toBe(a.words);
    expect(a.html.match(/<pre class="hl">/g)).toHaveLength(4);
    expect(a.html).toContain('<pre><code>plain\n</code></pre>');
  });

  it('keeps word counts as without highlighting', () => {
    const plain = markdownItRenderer([], false);
    expect(renderMarkdown(TS_BLOCK).words).toBe(plain(TS_BLOCK).words);
    expect(plain(TS_BLOCK).html).toContain('<pre><code class="language-ts">import');
    expect(remarkMarkdown([], false)(TS_BLOCK).words).toBe(plain(TS_BLOCK).words);
  });

  it('escapes <, >, & and " inside code', () => {
    for (const render of [renderMarkdown, remarkMarkdown()]) {
      const { html } = render('```html\n<a href="/x?a=1&b=2">&amp; <b>bold</b></a>\n<script>alert("&")</script>\n```\n');
      expect(html).toContain('class="hl-');
      expect(html).not.toMatch(/<(a|b|script)[ >]/);
      expect(html).toContain('&amp;amp;');
      expect(codeText(html)).toEqual(['<a href="/x?a=1&b=2">&amp; <b>bold</b></a>\n<script>alert("&")</script>\n']);
    }
  });

  it('leaves a line longer than MAX_LINE plain (escaped), the same on any machine, and highlights the others', () => {
    const long = `const list = [${'"<x>", '.repeat(MAX_LINE / 7)}];`;
    const inner = codeHighlighter()(`${long}\nconst a = 1;\n`, 'js')!;
    const [first, second] = inner.split('\n');
    expect(first).toBe(escapeHtml(long));
    expect(second).toContain('<span class="hl-keyword">const');
  });

  it('renders an unknown language plain and escaped, with no error', () => {
    for (const render of [renderMarkdown, remarkMarkdown()]) {
      expect(render('```no-such-language\na < b && c\n```\n').html).toBe('<pre><code class="language-no-such-language">a &lt; b &amp;&amp; c\n</code></pre>\n');
    }
  });

  it('knows shiki\'s aliases and the site\'s own, in any case', () => {
    const highlight = codeHighlighter({ aliases: { npmrc: 'ini', conf: 'INI' } });
    for (const lang of ['js', 'JS', 'javascript', 'mjs', 'npmrc', 'sh', 'shell', 'yml', 'py', 'tsx', 'sql', 'css']) expect(highlight('a = 1\n', lang), lang).toContain('<span class="hl-');
    expect(highlight('[deck]\nslides = 10\n', 'conf')).toContain('<span class="hl-');
    expect(codeHighlighter()('x\n', 'conf')).toBeNull();
  });

  it('loads a grammar once, tokenizes each new block, and serves a block it has seen from memory', () => {
    const highlight = codeHighlighter();
    const code = TS_BLOCK.split('\n').slice(1, -2).join('\n') + '\n';
    const first = highlight(code, 'ts');
    const loaded = highlightWork();
    for (let i = 0; i < 20; i++) highlight(code.replace('10', String(100 + i)), 'ts'); // each a new text: not remembered
    expect(highlightWork()).toEqual({ grammars: loaded.grammars, tokenized: loaded.tokenized + 20 });
    expect(highlight(code, 'ts')).toBe(first);
    expect(highlightWork().tokenized).toBe(loaded.tokenized + 20);
    expect(highlight(code, 'typescript')).toBe(highlight(code, 'ts'));
  });
});
