/**
 * A small TOML reader for supabase/config.toml: tables ([a.b]), key = value
 * with strings ("…" and '…'), integers, floats, booleans and arrays (also over
 * several lines), and comments. Enough for what the Supabase CLI writes;
 * anything else throws with the line number.
 */
export type TomlValue = string | number | boolean | TomlValue[] | TomlTable;
export interface TomlTable {
  [key: string]: TomlValue;
}

export function parseToml(text: string): TomlTable {
  const root: TomlTable = {};
  let current = root;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = stripComment(lines[i]).trim();
    if (line === '') continue;
    const lineNo = i + 1;
    if (line.startsWith('[')) {
      const match = /^\[([^[\]]+)\]$/.exec(line);
      if (!match) throw new Error(`config.toml line ${lineNo}: unsupported table header ${line}`);
      current = root;
      for (const part of splitKey(match[1], lineNo)) {
        const next = current[part];
        if (next === undefined) current[part] = {};
        else if (typeof next !== 'object' || Array.isArray(next)) {
          throw new Error(`config.toml line ${lineNo}: ${part} is not a table`);
        }
        current = current[part] as TomlTable;
      }
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 0) throw new Error(`config.toml line ${lineNo}: expected key = value`);
    const keys = splitKey(line.slice(0, eq), lineNo);
    let rest = line.slice(eq + 1).trim();
    // Arrays may span lines: keep reading until the brackets balance.
    while (rest.startsWith('[') && !bracketsBalanced(rest) && i + 1 < lines.length) {
      i++;
      rest += ' ' + stripComment(lines[i]).trim();
    }
    let target = current;
    for (const key of keys.slice(0, -1)) {
      if (target[key] === undefined) target[key] = {};
      target = target[key] as TomlTable;
    }
    target[keys[keys.length - 1]] = parseValue(rest, lineNo);
  }
  return root;
}

function splitKey(raw: string, lineNo: number): string[] {
  return raw.split('.').map((part) => {
    const key = part.trim().replace(/^"(.*)"$/, '$1');
    if (!/^[A-Za-z0-9_-]+$/.test(key)) throw new Error(`config.toml line ${lineNo}: bad key ${raw.trim()}`);
    return key;
  });
}

function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') return line.slice(0, i);
  }
  return line;
}

function bracketsBalanced(text: string): boolean {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[') depth++;
    else if (c === ']') depth--;
  }
  return depth === 0;
}

function parseValue(raw: string, lineNo: number): TomlValue {
  const [value, rest] = readValue(raw.trim(), lineNo);
  if (rest.trim() !== '') throw new Error(`config.toml line ${lineNo}: unexpected ${rest.trim()}`);
  return value;
}

function readValue(text: string, lineNo: number): [TomlValue, string] {
  if (text.startsWith('"')) {
    const match = /^"((?:[^"\\]|\\.)*)"/.exec(text);
    if (!match) throw new Error(`config.toml line ${lineNo}: unterminated string`);
    return [JSON.parse(`"${match[1]}"`) as string, text.slice(match[0].length)];
  }
  if (text.startsWith("'")) {
    const end = text.indexOf("'", 1);
    if (end < 0) throw new Error(`config.toml line ${lineNo}: unterminated string`);
    return [text.slice(1, end), text.slice(end + 1)];
  }
  if (text.startsWith('[')) {
    const items: TomlValue[] = [];
    let rest = text.slice(1).trim();
    while (!rest.startsWith(']')) {
      const [item, after] = readValue(rest, lineNo);
      items.push(item);
      rest = after.trim();
      if (rest.startsWith(',')) rest = rest.slice(1).trim();
      else if (!rest.startsWith(']')) throw new Error(`config.toml line ${lineNo}: expected , or ] in array`);
    }
    return [items, rest.slice(1)];
  }
  const match = /^[^,\]\s]+/.exec(text);
  if (!match) throw new Error(`config.toml line ${lineNo}: missing value`);
  const word = match[0];
  const after = text.slice(word.length);
  if (word === 'true' || word === 'false') return [word === 'true', after];
  const number = Number(word.replace(/_/g, ''));
  if (/^[+-]?[\d_]+(\.[\d_]+)?([eE][+-]?\d+)?$/.test(word) && Number.isFinite(number)) return [number, after];
  throw new Error(`config.toml line ${lineNo}: unsupported value ${word}`);
}
