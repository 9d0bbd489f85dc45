/** Tables in rendered markdown get a focusable scroll box named by the heading above them. */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../../../generator/content/markdown.ts';
import { scrollableTables } from '../../../../../templates/format/scrollableTables.ts';

const table = '<table>\n<tr><td>1</td></tr>\n</table>';
const box = (inner: string, heading?: string) =>
  `<div class="table-scroll" tabindex="0"${heading ? ` role="region" aria-labelledby="${heading}"` : ''}>${inner}</div>`;

describe('scrollableTables', () => {
  it('leaves HTML without tables as it is', () => {
    const html = '<h2 id="a">A</h2><p>text</p>';
    expect(scrollableTables(html)).toBe(html);
  });

  it('names each table by the nearest <h2>-<h4> with an id before it', () => {
    const html = `<h2 id="plans">Plans</h2>${table}<p>x</p><h3 id="more">More</h3><h5 id="small">s</h5>${table}<h4 id="last">L</h4><p>y</p>${table}`;
    expect(scrollableTables(html)).toBe(
      `<h2 id="plans">Plans</h2>${box(table, 'plans')}<p>x</p><h3 id="more">More</h3><h5 id="small">s</h5>${box(table, 'more')}<h4 id="last">L</h4><p>y</p>${box(table, 'last')}`,
    );
  });

  it('leaves a table before any heading unnamed, skips headings with an empty id, and keeps an unclosed table as it is', () => {
    expect(scrollableTables(`<p>a</p>${table}`)).toBe(`<p>a</p>${box(table)}`);
    expect(scrollableTables(`<h2 id="a">A</h2><h2 id="">B</h2>${table}`)).toBe(`<h2 id="a">A</h2><h2 id="">B</h2>${box(table, 'a')}`);
    expect(scrollableTables(`${table}<table><tr>`)).toBe(`${box(table)}<table><tr>`);
  });

  it('wraps the tables markdown-it writes', () => {
    const { html } = renderMarkdown('## Compare tools\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nAfter.\n');
    const wrapped = scrollableTables(html);
    expect(wrapped).toContain('<div class="table-scroll" tabindex="0" role="region" aria-labelledby="compare-tools"><table>');
    expect(wrapped).toContain('</table></div>');
    expect(wrapped.replace(/<div class="table-scroll"[^>]*>|<\/div>/g, '')).toBe(html);
  });
});
