/**
 * Splits what follows a key's colon on its line into the blank before the value, the value's
 * text and what trails it (spaces and a "# comment"), minding quotes and flow brackets so that
 * a "#" inside a value is not taken for a comment. Pure.
 */
export interface YamlValueText {
  gap: string;
  value: string;
  trail: string;
}

export function splitYamlValue(rest: string): YamlValueText {
  const gap = /^[ \t]*/.exec(rest)![0];
  const body = rest.slice(gap.length);
  if (body.startsWith('#')) return { gap: '', value: '', trail: rest };
  const end = valueEnd(body);
  const value = body.slice(0, end).trimEnd();
  return { gap, value, trail: body.slice(value.length) };
}

function valueEnd(body: string): number {
  const first = body[0];
  if (first === '"' || first === "'") return quotedEnd(body, 0);
  if (first === '[' || first === '{') return flowEnd(body);
  const comment = body.search(/[ \t]#/);
  return comment < 0 ? body.length : comment;
}

/** The index after the closing quote of the quoted scalar starting at `from` (the text's end when it is not closed on this line). */
function quotedEnd(text: string, from: number): number {
  const quote = text[from];
  let i = from + 1;
  while (i < text.length) {
    if (quote === '"' && text[i] === '\\') i += 2;
    else if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") i += 2;
      else return i + 1;
    } else i++;
  }
  return text.length;
}

function flowEnd(text: string): number {
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if ((c === '"' || c === "'") && /[[{,:]\s*$|^$/.test(text.slice(0, i))) {
      i = quotedEnd(text, i);
      continue;
    }
    if (c === '[' || c === '{') depth++;
    if (c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
    i++;
  }
  return text.length;
}
