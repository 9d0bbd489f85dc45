/**
 * Article components placed with directives: both engines write the same HTML, the component's HTML
 * around the markdown between its lines; directives in fenced code stay text; raw HTML stays dropped;
 * mistakes name file:line, the component and the prop.
 */
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { markdownRenderer } from '../../../../generator/content/markdownRenderer.ts';
import { renderMarkdown } from '../../../../generator/content/markdown.ts';
import type { ArticleComponents } from '../../../../generator/content/components/componentCalls.ts';
import { SiteError } from '../../../../generator/core/errors.ts';

const Callout = ({ type, children }: { type: string; children?: ReactNode }) => createElement('aside', { className: `callout callout-${type}` }, children);
const Chart = ({ data, title, height }: { data: string; title: string; height: number }) =>
  createElement('figure', { 'data-chart': data, 'data-height': height }, createElement('figcaption', null, title));
const components: ArticleComponents = {
  Callout: { component: Callout, props: z.object({ type: z.enum(['note', 'warning']).default('note') }) },
  Chart: { component: Chart, props: z.object({ data: z.string(), title: z.string(), height: z.coerce.number().int().positive().default(300) }) },
};
const markdownIt = await markdownRenderer({ components });
const remark = await markdownRenderer({ engine: 'remark', components });
const at = { file: 'blog/post.md', line: 5 };

const SOURCES: [name: string, source: string][] = [
  ['a container around markdown', '# Title\n\n:::callout{type="warning"}\nBe **careful**: [docs](/docs).\n\n## Inside\n:::\n\nAfter.\n'],
  ['a leaf between paragraphs, no blank lines', 'Before.\n::chart{data="sales.json" title="Q3" height=200}\nAfter.\n'],
  ['nested containers, lists inside', '::::callout\nOuter\n\n:::callout{type=\'note\'}\n- a\n- b\n:::\n::::\n'],
  ['a container left open', ':::callout\nTo the end.\n'],
  ['directives in fenced code', '```md\n:::callout{type="warning"}\n::chart{data="x"}\n:::\n```\n\n~~~\n::chart\n~~~\n'],
  ['raw HTML around and inside', ':::callout\n<script>alert(1)</script>\n\n<div onclick="x()">hidden</div>\n\nText <b>b</b> <!--site-component-0:0-->\n:::\n'],
  ['a stray close and an indented directive', ':::\n\n  ::chart{data="x"}\n\n> ::chart{data="x"}\n'],
  ['no directive at all', 'Plain *text* with a colon: here :: and ::: there.\n'],
];

describe('article components', () => {
  it.each(SOURCES)('%s: both engines write the same page', (_name, source) => {
    const a = markdownIt(source, at);
    const b = remark(source, at);
    expect(b.html).toBe(a.html);
    expect(b.headings).toEqual(a.headings);
    expect(b.words).toBe(a.words);
    expect(b.components).toEqual(a.components);
  });

  it('renders a container around its markdown and a leaf with its coerced props', () => {
    expect(markdownIt(SOURCES[0]![1], at).html).toBe(
      '<h1 id="title">Title</h1>\n<aside class="callout callout-warning">\n<p>Be <strong>careful</strong>: <a href="/docs">docs</a>.</p>\n<h2 id="inside">Inside</h2>\n</aside>\n<p>After.</p>\n',
    );
    const leaf = markdownIt(SOURCES[1]![1], at);
    expect(leaf.html).toBe('<p>Before.</p>\n<figure data-chart="sales.json" data-height="200"><figcaption>Q3</figcaption></figure>\n<p>After.</p>\n');
    expect(leaf.components).toEqual(['Chart']);
    expect(markdownIt(SOURCES[2]![1], at).html).toBe(
      '<aside class="callout callout-note">\n<p>Outer</p>\n<aside class="callout callout-note">\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n</aside>\n</aside>\n',
    );
  });

  it('leaves directives in fenced code as text, and a text without directives as without components', () => {
    const code = markdownIt(SOURCES[4]![1], at);
    expect(code.html).toContain(':::callout{type=&quot;warning&quot;}');
    expect(code.html).not.toContain('<aside');
    expect(code.components).toBeUndefined();
    const plain = markdownIt(SOURCES[7]![1], at);
    expect(plain).toEqual(renderMarkdown(SOURCES[7]![1], at));
  });

  it('still drops raw HTML, also inside a component, and a comment that looks like a marker', () => {
    const html = markdownIt(SOURCES[5]![1], at).html;
    expect(html).toBe('<aside class="callout callout-note">\n<p>Text b </p>\n</aside>\n');
  });

  it('names file:line, the directive and the nearest component for an unknown one', () => {
    const e = catchError(() => markdownIt('Intro.\n\n:::calout{type="note"}\nx\n:::\n', at));
    expect(e.code).toBe('ArticleComponentUnknown');
    expect(e.message).toBe('blog/post.md:7: the directive "calout" names no component of the site: did you mean "callout"?');
    expect(e.hint).toContain("Callout, Chart");
    expect(catchError(() => remark('Intro.\n\n:::calout{type="note"}\nx\n:::\n', at)).message).toBe(e.message);
  });

  it('names file:line, the component and the prop for a bad or unknown prop', () => {
    const bad = catchError(() => markdownIt('\n::chart{data="a.json" title="Q3" height=tall}\n', at));
    expect(bad.code).toBe('ArticleComponentProps');
    expect(bad.message).toMatch(/^blog\/post\.md:6: the component Chart, prop "height": /);
    expect(bad.location).toMatchObject({ file: 'blog/post.md', line: 6 });
    const missing = catchError(() => markdownIt('::chart{data="a.json"}\n', at));
    expect(missing.message).toMatch(/^blog\/post\.md:5: the component Chart, prop "title": /);
    const typo = catchError(() => markdownIt(':::callout{tpye="note"}\n:::\n', at));
    expect(typo.message).toBe('blog/post.md:5: the component Callout, prop "tpye": Callout has no such prop (did you mean "type"?).');
    const unreadable = catchError(() => markdownIt('::chart{data="a.json" title="x" "oops"}\n', at));
    expect(unreadable.message).toContain('prop ""oops"": cannot read this attribute');
  });
});

function catchError(f: () => unknown): SiteError {
  try {
    f();
  } catch (e) {
    if (e instanceof SiteError) return e;
    throw e;
  }
  throw new Error('no error');
}
