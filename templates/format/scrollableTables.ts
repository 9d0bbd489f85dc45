/**
 * Wraps every <table> of rendered markdown in a keyboard-focusable scroll
 * box, named by the heading it sits under, so a wide table scrolls sideways
 * on a phone instead of widening the page. Pure: HTML in, HTML out; the
 * table itself is left as it is.
 */
export function scrollableTables(html: string): string {
  if (!html.includes('<table>')) return html;
  let lastHeading: string | undefined;
  let out = '';
  let at = 0;
  const tokens = /<h[2-4] id="([^"]+)"|<table>/g;
  for (let m = tokens.exec(html); m; m = tokens.exec(html)) {
    if (m[1]) {
      lastHeading = m[1];
      continue;
    }
    const end = html.indexOf('</table>', m.index);
    if (end < 0) break;
    const close = end + '</table>'.length;
    const name = lastHeading ? ` role="region" aria-labelledby="${lastHeading}"` : '';
    out += `${html.slice(at, m.index)}<div class="table-scroll" tabindex="0"${name}>${html.slice(m.index, close)}</div>`;
    at = tokens.lastIndex = close;
  }
  return out + html.slice(at);
}
