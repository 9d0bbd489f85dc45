/** This site's articles and legal texts look the same with either markdown engine (markdown-it, its default, and remark). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../generator/content/markdown.ts';
import { markdownRenderer } from '../../../generator/content/markdownRenderer.ts';
import { splitFrontMatter } from '../../../generator/content/splitFrontMatter.ts';
import { parseHtml } from '../../unit/helpers/xml.ts';

const contentDir = fileURLToPath(new URL('../../../content', import.meta.url));

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
    // Both engines share the passes after parsing: the same page, byte for byte.
    expect(b.html).toBe(a.html);
    const [sa, sb] = [seen(a.html), seen(b.html)];
    expect(sb).toEqual(sa);
    // The ids in the HTML are the listed ones, so the table of contents links work with either engine.
    expect(sb.headingIds).toEqual(b.headings.map((h) => h.id));
    expect(sb.styled).toBe(0);
    expect(a.headings.length).toBeGreaterThan(2);
    expect(a.words).toBeGreaterThan(500);
  });
});
