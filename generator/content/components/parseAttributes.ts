/**
 * A directive's {attributes}: `key="value"`, `key='value'`, `key=value` and a bare `key` (the text
 * "true"), separated by spaces. Values are text; the component's zod schema turns them into numbers or
 * booleans. Returns the attributes, or the part it cannot read. Pure.
 */
const ATTRIBUTE = /\s*([A-Za-z_][\w-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=]+)))?\s*/y;

export function parseAttributes(text: string): { attributes: Record<string, string> } | { unreadable: string } {
  const attributes: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    ATTRIBUTE.lastIndex = at;
    const m = ATTRIBUTE.exec(text);
    if (!m || m[0].length === 0) {
      if (text.slice(at).trim() === '') break;
      return { unreadable: text.slice(at).trim() };
    }
    attributes[m[1]!] = m[2] ?? m[3] ?? m[4] ?? 'true';
    at += m[0].length;
  }
  return { attributes };
}
