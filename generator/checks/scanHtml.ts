/**
 * A small, fast scanner for the HTML this generator writes (React and
 * remark output: quoted attributes, no surprises). Returns every start tag
 * with its attributes, and the text of <script> elements. Pure.
 */
export interface Tag {
  name: string;
  attrs: Record<string, string>;
  /** Text content, for <script> only. */
  text?: string;
}

const decode = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

export function scanHtml(html: string): Tag[] {
  const tags: Tag[] = [];
  const tagRe = /<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g;
  const attrRe = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  let m: RegExpExecArray | null;
  while ((m = tagRe.exec(html))) {
    const name = m[1]!.toLowerCase();
    const attrs: Record<string, string> = {};
    for (const a of (m[2] ?? '').matchAll(attrRe)) attrs[a[1]!.toLowerCase()] = decode(a[2] ?? a[3] ?? a[4] ?? '');
    const tag: Tag = { name, attrs };
    if (name === 'script' || name === 'style') {
      const end = html.indexOf(`</${name}>`, tagRe.lastIndex);
      if (end >= 0) {
        tag.text = html.slice(tagRe.lastIndex, end);
        tagRe.lastIndex = end;
      }
    }
    tags.push(tag);
  }
  return tags;
}
