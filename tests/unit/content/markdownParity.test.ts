/**
 * Both markdown engines write the same page: the same HTML, headings and word count for sources that
 * exercise every shared pass (footnotes, heading ids, images, refused URLs, raw HTML, code, tables, lists)
 * and for every page of the docs fixture site; also with article components registered and placed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Root } from 'mdast';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../generator/content/markdown.ts';
import { markdownRenderer } from '../../../generator/content/markdownRenderer.ts';
import { splitFrontMatter } from '../../../generator/content/splitFrontMatter.ts';

const remark = await markdownRenderer({ engine: 'remark' });
const at = { file: 'blog/post.md', line: 5 };

const TRICKY: [name: string, source: string][] = [
  ['footnotes', 'Text[^n] and[^m] more[^n].\n\n[^n]: Note *one*.\n\n    Second paragraph.\n\n[^m]: Two ![chart](./images/n.png).\n\n[^u]: Never called.\n\nLast.\n'],
  ['a footnote defined twice, and one whose text ends in a list', 'A[^x] b[^y].\n\n[^x]: One.\n[^x]: Two.\n\n[^y]: - item\n'],
  ['headings with the same text', '# Intro\n\n## Intro\n\n## Intro 1\n\n## `code` and *em*\n\n## !!!\n\n> ## Quoted\n\n- ## In a list\n\nSetext\n------\n'],
  ['images', '![First](./images/a.png "Title")\n\nText ![Second](images/b.png) and\n![Third *alt*](../images/c.png)\n\n![abs](https://example.com/a.png) ![png](data:image/png;base64,AA)\n'],
  ['links with bad schemes', '[a](javascript:alert(1)) [b](VBScript:x) [c](file:///etc/passwd) [d][r] ![e](data:text/html,x) [ok](https://example.com/ä?q=1 "T")\n\n[r]: javascript:x\n'],
  ['autolinks', 'Go to <https://example.com>, www.example.com or hi@example.com, not Beautiful.ai; <mail@example.org>.\n'],
  ['raw HTML', '<div onclick="x()">\nhidden *text*\n</div>\n\nShown <b>bold</b> <!-- note --> text. <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n'],
  ['code fences', '```ts\nconst a: number = 1;\n```\n\n```\nplain <b>\n```\n\n    indented\n    code\n\n```js title="x.js"\nlet b = "q";\n```\n\n```\n\n```\n\n```nosuchlang\nx\n```\n\nInline `code` & entity &amp; &copy;.\n'],
  ['lists and quotes', '- a\n- b\n  - c\n\n1. x\n2. y\n\n5. loose\n\n6. z\n\n- [ ] todo\n- [x] done\n\n> quote\n> more\n\n* item\n\n  second paragraph\n'],
  ['tables', '| a | b | c |\n| :- | :-: | -: |\n| **1** | [2](javascript:x) | `3` |\n| short |\n\n| only head |\n| --- |\n'],
  ['breaks and emphasis', 'Line one  \nline two\\\nline three\nline four\n\n***\n\n~~gone~~ *em* **strong** ***both*** _u_ \\*not\\*\n'],
  ['line endings of Windows', 'One\r\ntwo\r\n\r\n## Head\r\n\r\n- a\r\n- b\r\n'],
  ['an empty document', ''],
];

/** The docs fixture's pages: real documentation, written for the engine's tests. */
const contentDir = path.resolve(import.meta.dirname, '../../fixtures/docs-site/content');
const documents = readdirSync(contentDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((f): [string, string] => [f, splitFrontMatter(readFileSync(path.join(contentDir, f), 'utf8')).body]);

describe('markdown-it and remark give the same page', () => {
  it.each([...TRICKY, ...documents])('%s', (_name, source) => {
    const a = renderMarkdown(source, at);
    const b = remark(source, at);
    expect(b.html).toBe(a.html);
    expect(b.headings).toEqual(a.headings);
    expect(b.words).toBe(a.words);
  });

  it('covers what the tricky sources are about', () => {
    const html = TRICKY.map(([, source]) => renderMarkdown(source, at).html).join('\n');
    for (const part of ['footnote-backref', 'fnref1:1', 'id="intro-1-1"', 'data-image=', '<a>a</a>', '<pre class="hl">', 'align="center"', '<del>gone</del>', '<br>']) {
      expect(html).toContain(part);
    }
    expect(html).not.toMatch(/<(?:div|script|b|img src=x)\b/);
    expect(documents.length).toBeGreaterThanOrEqual(9);
  });
});

describe('the remark engine keeps what unified plugins ask of the HTML', () => {
  it('writes hName and hProperties as the tag and attributes, and a node only a plugin knows as a div or span', async () => {
    const plugin = () => (tree: Root) => {
      const [first, second] = tree.children;
      first!.data = { hName: 'section', hProperties: { className: ['lead', 'wide'], dataKind: 'intro', hidden: true, title: null } };
      if (second?.type === 'paragraph') {
        second.children.push({ type: 'callout', children: [{ type: 'text', value: 'inline' }] } as never);
      }
      tree.children.push({ type: 'panel', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'block' }] }] } as never);
    };
    const render = await markdownRenderer({ engine: 'remark', remarkPlugins: [plugin] });
    expect(render('Hello.\n\nWorld.\n').html).toBe(
      '<section class="lead wide" data-kind="intro" hidden="">Hello.</section>\n<p>World.<span>inline</span></p>\n<div>\n<p>block</p>\n</div>\n',
    );
  });
});

describe('markdown-it and remark give the same page with article components registered', () => {
  const Note = ({ tone, children }: { tone?: string; children?: ReactNode }) => createElement('aside', { className: tone ?? 'plain' }, children);
  const Figure = ({ caption }: { caption: string }) => createElement('figure', null, createElement('figcaption', null, caption));
  const components = { Note: { component: Note }, Figure: { component: Figure } };
  const WITH_DIRECTIVES: [name: string, source: string][] = [
    ['a container holding every shared pass', `:::note{tone="warm"}\n${TRICKY.map(([, s]) => s.replace(/\r/g, '')).join('\n')}\n:::\n`],
    ['leaves around footnotes and images', 'Text[^n].\n::figure{caption="One"}\n![First](./images/a.png)\n\n::figure{caption=\'Two\'}\n\n[^n]: A note.\n'],
  ];

  it.each([...TRICKY, ...documents, ...WITH_DIRECTIVES])('%s', async (_name, source) => {
    const [a, b] = await Promise.all([markdownRenderer({ components }), markdownRenderer({ engine: 'remark', components })]);
    const left = a(source, at);
    const right = b(source, at);
    expect(right).toEqual(left);
    // A text that places no component renders as it does without any registered.
    if (left.components === undefined) expect(left).toEqual(renderMarkdown(source, at));
  });
});
