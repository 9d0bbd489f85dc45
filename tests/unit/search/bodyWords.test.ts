/** generator/search/bodyWords.ts: the words a reader sees in a rendered body. */
import { describe, expect, it } from 'vitest';
import { bodyWords, htmlText } from '../../../generator/search/bodyWords.ts';
import { renderMarkdown } from '../../../generator/content/markdown.ts';

describe('bodyWords', () => {
  it('keeps the text of a rendered article, without tags, link targets or repeats', () => {
    const { html } = renderMarkdown('## Café tips\n\nRead [the guide](/pricing-secret) **on**brand, then *on* brand.\n\n| a | b |\n|---|---|\n| cell1 | cell2 |\n\n```js\nconst deck = 1;\n```');
    const words = bodyWords(html).split(' ');
    expect(words).toEqual(expect.arrayContaining(['cafe', 'tips', 'read', 'the', 'guide', 'onbrand', 'on', 'brand', 'cell1', 'cell2', 'const', 'deck']));
    expect(words).not.toContain('pricing');
    expect(words).not.toContain('secret');
    expect(words).not.toContain('h2');
    expect(new Set(words).size).toBe(words.length);
  });

  it('decodes character references', () => {
    expect(htmlText('<p>Q&amp;A &lt;tag&gt; &#233;t&#xE9; &quot;x&quot;</p>').trim()).toBe('Q&A <tag> été "x"');
  });
});
