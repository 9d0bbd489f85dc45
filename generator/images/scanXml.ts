/**
 * XML as a flat list of tokens, each with its exact source text (`raw`), for sanitizeSvg.ts: text,
 * comments, CDATA sections, processing instructions, a DOCTYPE, start tags (name, attributes with their
 * values as written, self-closing or not) and end tags. Well-formed or refused: an end tag that closes
 * another element, an unclosed element, an unquoted or unterminated attribute value, a `<` inside one,
 * or markup cut short is `{ ok: false, reason }`. No entity is expanded. Pure.
 */
export type XmlToken =
  | { kind: 'text' | 'comment' | 'cdata'; raw: string }
  | { kind: 'pi'; raw: string; target: string }
  | { kind: 'doctype'; raw: string; internalSubset: boolean }
  | { kind: 'start'; raw: string; name: string; attributes: [name: string, value: string][]; selfClosing: boolean }
  | { kind: 'end'; raw: string; name: string };

export type ScannedXml = { ok: true; tokens: XmlToken[] } | { ok: false; reason: string };

const NAME = /[A-Za-z_:\u00c0-\uffff][-A-Za-z0-9_:.\u00b7\u00c0-\uffff]*/y;
const SPACE = /[ \t\r\n]*/y;

/** Reads a start tag at `at` (just after `<`): the token and where it ends, or a reason. */
function readStart(text: string, at: number): { token: XmlToken; end: number } | string {
  NAME.lastIndex = at;
  const name = NAME.exec(text)?.[0];
  if (!name) return `"<" not followed by a name at offset ${at - 1}`;
  let i = at + name.length;
  const attributes: [string, string][] = [];
  for (;;) {
    SPACE.lastIndex = i;
    const spaced = SPACE.exec(text)![0].length > 0;
    i = SPACE.lastIndex;
    if (text.startsWith('/>', i) || text[i] === '>') {
      const selfClosing = text[i] === '/';
      const end = i + (selfClosing ? 2 : 1);
      return { token: { kind: 'start', raw: text.slice(at - 1, end), name, attributes, selfClosing }, end };
    }
    NAME.lastIndex = i;
    const attribute = spaced ? NAME.exec(text)?.[0] : undefined;
    if (!attribute) return `the tag <${name}> is malformed at offset ${i}`;
    i += attribute.length;
    SPACE.lastIndex = i;
    SPACE.exec(text);
    i = SPACE.lastIndex;
    if (text[i] !== '=') return `the attribute ${attribute} of <${name}> has no value`;
    SPACE.lastIndex = i + 1;
    SPACE.exec(text);
    i = SPACE.lastIndex;
    const quote = text[i];
    if (quote !== '"' && quote !== "'") return `the attribute ${attribute} of <${name}> is not quoted`;
    const close = text.indexOf(quote, i + 1);
    if (close < 0) return `the attribute ${attribute} of <${name}> is not closed`;
    const value = text.slice(i + 1, close);
    if (value.includes('<')) return `the attribute ${attribute} of <${name}> holds a "<"`;
    attributes.push([attribute, value]);
    i = close + 1;
  }
}

/** The end of a construct that starts at `at` and ends with `closer`, or -1. */
const until = (text: string, at: number, closer: string) => {
  const found = text.indexOf(closer, at);
  return found < 0 ? -1 : found + closer.length;
};

export function scanXml(text: string): ScannedXml {
  const tokens: XmlToken[] = [];
  const open: string[] = [];
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0 || lt > i) {
      const end = lt < 0 ? text.length : lt;
      tokens.push({ kind: 'text', raw: text.slice(i, end) });
      i = end;
      continue;
    }
    let end: number;
    if (text.startsWith('<!--', i)) {
      end = until(text, i + 4, '-->');
      if (end < 0) return { ok: false, reason: 'a comment is not closed' };
      tokens.push({ kind: 'comment', raw: text.slice(i, end) });
    } else if (text.startsWith('<![CDATA[', i)) {
      end = until(text, i + 9, ']]>');
      if (end < 0) return { ok: false, reason: 'a CDATA section is not closed' };
      tokens.push({ kind: 'cdata', raw: text.slice(i, end) });
    } else if (text.startsWith('<?', i)) {
      end = until(text, i + 2, '?>');
      if (end < 0) return { ok: false, reason: 'a processing instruction is not closed' };
      const raw = text.slice(i, end);
      tokens.push({ kind: 'pi', raw, target: /^<\?([^\s?]*)/.exec(raw)![1]! });
    } else if (/^<!DOCTYPE\s/i.test(text.slice(i, i + 10))) {
      const bracket = text.indexOf('[', i);
      const gt = text.indexOf('>', i);
      if (gt < 0) return { ok: false, reason: 'the DOCTYPE is not closed' };
      const internalSubset = bracket >= 0 && bracket < gt;
      end = internalSubset ? until(text, bracket, ']') : gt + 1;
      if (internalSubset) end = end < 0 ? -1 : until(text, end, '>');
      if (end < 0) return { ok: false, reason: 'the DOCTYPE is not closed' };
      tokens.push({ kind: 'doctype', raw: text.slice(i, end), internalSubset });
    } else if (text[i + 1] === '/') {
      NAME.lastIndex = i + 2;
      const name = NAME.exec(text)?.[0];
      SPACE.lastIndex = i + 2 + (name?.length ?? 0);
      SPACE.exec(text);
      if (!name || text[SPACE.lastIndex] !== '>') return { ok: false, reason: `an end tag is malformed at offset ${i}` };
      if (open.pop() !== name) return { ok: false, reason: `</${name}> closes an element it did not open` };
      end = SPACE.lastIndex + 1;
      tokens.push({ kind: 'end', raw: text.slice(i, end), name });
    } else {
      const read = readStart(text, i + 1);
      if (typeof read === 'string') return { ok: false, reason: read };
      if (read.token.kind === 'start' && !read.token.selfClosing) open.push(read.token.name);
      tokens.push(read.token);
      end = read.end;
    }
    i = end;
  }
  if (open.length) return { ok: false, reason: `<${open.at(-1)}> is not closed` };
  return { ok: true, tokens };
}
