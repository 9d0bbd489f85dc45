/**
 * A JSON entry's text with only the changed members rewritten: untouched members keep their
 * text and the whitespace around them; a changed value is replaced where it stands (a nested
 * object patched member by member; an array or object written on one line stays on one line,
 * else it is written with the file's indentation); a removed member goes with its comma; new
 * members come after the last one, laid out like it. Checked by reading it back; falls back to
 * JSON.stringify of the whole entry (old key order, new keys last) if that ever differs. Pure.
 */
import { deepEqual } from './deepEqual.ts';
import { scanJson, type JsonMember, type JsonNode } from './scanJson.ts';

interface Edit {
  start: number;
  end: number;
  text: string;
}

export function patchJsonText(text: string, old: Record<string, unknown>, next: Record<string, unknown>): string {
  const unit = /^\t/m.test(text) && !/^ +\S/m.test(text) ? '\t' : ' '.repeat(/^( +)\S/m.exec(text)?.[1]!.length ?? 2);
  const root = scanJson(text);
  if (root.kind === 'object') {
    const edits = objectEdits(text, root, old, next, unit).sort((a, b) => b.start - a.start);
    const out = edits.reduce((t, e) => t.slice(0, e.start) + e.text + t.slice(e.end), text);
    if (readsAs(out, next)) return out;
  }
  const keys = [...Object.keys(old).filter((k) => Object.hasOwn(next, k)), ...Object.keys(next).filter((k) => !Object.hasOwn(old, k))];
  return JSON.stringify(Object.fromEntries(keys.map((k) => [k, next[k]])), null, unit) + (text.endsWith('\n') ? '\n' : '');
}

function objectEdits(text: string, node: Extract<JsonNode, { kind: 'object' }>, old: Record<string, unknown>, next: Record<string, unknown>, unit: string): Edit[] {
  const edits: Edit[] = [];
  const members = node.members;
  const oneLineObject = !text.slice(node.start, node.end).includes('\n') && members.length > 0;
  const kept = (m: JsonMember) => next[m.key] !== undefined && Object.hasOwn(next, m.key);
  for (const m of members.filter(kept)) {
    const before = old[m.key];
    const after = next[m.key];
    if (deepEqual(before, after)) continue;
    if (m.value.kind === 'object' && isMap(before) && isMap(after)) edits.push(...objectEdits(text, m.value, before, after, unit));
    else edits.push({ start: m.value.start, end: m.value.end, text: jsonValue(after, oneLineObject || isOneLineCollection(text.slice(m.value.start, m.value.end)), lineIndent(text, m.keyStart), unit) });
  }
  const lastKept = members.findLastIndex(kept);
  members.forEach((m, i) => {
    if (!kept(m) && i < lastKept) edits.push({ start: m.keyStart, end: members[i + 1]!.keyStart, text: '' });
  });
  const added = Object.keys(next).filter((k) => next[k] !== undefined && !Object.hasOwn(old, k));
  const multiline = !oneLineObject;
  const indent = members.length > 0 ? lineIndent(text, members[members.length - 1]!.keyStart) : lineIndent(text, node.start) + unit;
  const colon = members.length > 0 ? text.slice(members[members.length - 1]!.keyEnd, members[members.length - 1]!.value.start) : ': ';
  const pieces = added.map((k) => JSON.stringify(k) + colon + jsonValue(next[k], oneLineObject, indent, unit));
  if (lastKept >= 0) {
    const from = members[lastKept]!.value.end;
    const to = members[members.length - 1]!.value.end;
    if (pieces.length > 0 || to > from) edits.push({ start: from, end: to, text: pieces.map((p) => ',' + (multiline ? '\n' + indent : ' ') + p).join('') });
  } else if (members.length > 0 || pieces.length > 0) {
    const inner = multiline && pieces.length > 0 ? '\n' + indent + pieces.join(',\n' + indent) + '\n' + lineIndent(text, node.start) : pieces.join(', ');
    edits.push({ start: node.start + 1, end: node.end - 1, text: inner });
  }
  return edits;
}

/** A value's JSON: on one line ("[1, 2]") when asked, else indented like the line it starts on. */
function jsonValue(value: unknown, inline: boolean, indent: string, unit: string): string {
  if (inline) return oneLine(value);
  return JSON.stringify(value, null, unit).split('\n').join('\n' + indent);
}

function isOneLineCollection(oldText: string): boolean {
  return !oldText.includes('\n') && /^[[{]./.test(oldText) && oldText !== "{}";
}

function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (isMap(value)) return `{${Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`).join(', ')}}`;
  return JSON.stringify(value);
}

function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

function isMap(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function readsAs(text: string, next: Record<string, unknown>): boolean {
  try {
    return deepEqual(JSON.parse(text), next);
  } catch {
    return false;
  }
}
