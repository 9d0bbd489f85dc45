/**
 * The layout of a JSON text: where each value starts and ends, and for an object where each
 * member's key starts, so that one member can be rewritten without touching the others.
 * Expects text JSON.parse accepts (the caller parses it first). Pure.
 */
export type JsonNode =
  | { kind: 'object'; start: number; end: number; members: JsonMember[] }
  | { kind: 'array' | 'scalar'; start: number; end: number };

export interface JsonMember {
  key: string;
  keyStart: number;
  keyEnd: number;
  value: JsonNode;
}

export function scanJson(text: string): JsonNode {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
  };
  const value = (): JsonNode => {
    ws();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const members: JsonMember[] = [];
      ws();
      while (i < text.length && text[i] !== '}') {
        ws();
        const keyStart = i;
        string();
        const keyEnd = i;
        ws();
        i++; // colon
        members.push({ key: JSON.parse(text.slice(keyStart, keyEnd)) as string, keyStart, keyEnd, value: value() });
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
      return { kind: 'object', start, end: i, members };
    }
    if (c === '[') {
      i++;
      ws();
      while (i < text.length && text[i] !== ']') {
        value();
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
      return { kind: 'array', start, end: i };
    }
    if (c === '"') string();
    else while (i < text.length && !/[\s,}\]]/.test(text[i]!)) i++;
    return { kind: 'scalar', start, end: i };
  };
  return value();
}
