const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#34': '"', '#39': "'" };

/**
 * Pure: the text of an HTML mail, as a mail client shows it without HTML:
 * tags dropped, block ends as line breaks, a link followed by its address
 * in parentheses, entities decoded, runs of blank lines collapsed.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<a\b[^>]*?\bhref\s*=\s*("([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a\s*>/gi, (_m, _q, dq: string | undefined, sq: string | undefined, inner: string) => {
      const href = dq ?? sq ?? '';
      return `${inner} ( ${href} )`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|div|li|tr|table|ul|ol)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#') && !(name in ENTITIES)) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Pure: the addresses of the links of an HTML mail, in order, entities decoded. */
export function htmlLinks(html: string): string[] {
  const links: string[] = [];
  for (const m of html.matchAll(/<a\b[^>]*?\bhref\s*=\s*("([^"]*)"|'([^']*)')/gi)) links.push(htmlToText(m[2] ?? m[3] ?? ''));
  return links;
}
