/**
 * Wraps every <table> of rendered markdown in a keyboard-focusable scroll
 * box, named by the heading it sits under, so a wide table scrolls sideways
 * on a phone instead of widening the page. Pure: HTML in, HTML out; the
 * table itself is left as it is.
 *
 * Runs on every article of a build: it looks for tables with indexOf and,
 * for each, back for the nearest <h2>-<h4> with an id with lastIndexOf,
 * instead of scanning the whole page with a regular expression.
 */
const headingStarts = ['<h2 id="', '<h3 id="', '<h4 id="'];

/** The id of the last <h2>-<h4> with a non-empty id that starts before `before`, if any. */
function headingBefore(html: string, before: number): string | undefined {
  for (let limit = before; limit >= 0; ) {
    let at = -1;
    for (const start of headingStarts) at = Math.max(at, html.lastIndexOf(start, limit));
    if (at < 0) return undefined;
    const from = at + headingStarts[0]!.length;
    const id = html.slice(from, html.indexOf('"', from));
    if (id) return id;
    limit = at - 1;
  }
  return undefined;
}

export function scrollableTables(html: string): string {
  let table = html.indexOf('<table>');
  if (table < 0) return html;
  let out = '';
  let at = 0;
  while (table >= 0) {
    const end = html.indexOf('</table>', table);
    if (end < 0) break;
    const close = end + '</table>'.length;
    const heading = headingBefore(html, table);
    const name = heading ? ` role="region" aria-labelledby="${heading}"` : '';
    out += `${html.slice(at, table)}<div class="table-scroll" tabindex="0"${name}>${html.slice(table, close)}</div>`;
    at = close;
    table = html.indexOf('<table>', close);
  }
  return out + html.slice(at);
}
