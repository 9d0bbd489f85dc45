/**
 * A YAML mapping patched field by field, and one field of it (the two call each other for nested
 * mappings).
 *
 * patchYamlMap: a YAML mapping's lines with only the changed fields rewritten: an equal field keeps its
 * lines, a changed one is rewritten by patchYamlField, a removed one loses its lines (and
 * only them), a new one is added after the last field. Returns null when the fields cannot
 * be told apart safely (see yamlFieldBlocks); the caller then rewrites the whole mapping. Pure.
 */
import yaml from 'js-yaml';
import { deepEqual } from './deepEqual.ts';
import { contentYamlSchema } from '../content/contentYamlSchema.ts';
import { splitYamlValue } from './splitYamlValue.ts';
import { yamlFieldBlocks } from './yamlFieldBlocks.ts';
import { yamlScalarCandidates } from './yamlScalarCandidates.ts';
import { dumpField, dumpOptions, type YamlStyle } from './yamlStyle.ts';

export function patchYamlMap(lines: readonly string[], old: Record<string, unknown>, next: Record<string, unknown>, style: YamlStyle): string[] | null {
  const blocks = yamlFieldBlocks(lines, old);
  if (blocks === null) return null;
  const out: string[] = [];
  let at = 0;
  let insertAt = -1;
  for (const block of blocks) {
    out.push(...lines.slice(at, block.start));
    at = block.end;
    const value = next[block.key];
    if (value !== undefined) {
      const field = lines.slice(block.start, block.end);
      out.push(...(deepEqual(old[block.key], value) ? field : patchYamlField(field, old[block.key], value, style)));
    }
    insertAt = out.length;
  }
  out.push(...lines.slice(at));
  if (insertAt < 0) insertAt = lastContentLine(out) + 1;
  const added = Object.keys(next).filter((k) => next[k] !== undefined && !Object.hasOwn(old, k));
  out.splice(insertAt, 0, ...added.flatMap((k) => dumpField(k, next[k], style)));
  return out;
}

function lastContentLine(lines: readonly string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i]!.trim() !== '') return i;
  return -1;
}

/**
 * One changed top-level field of a YAML mapping, rewritten as little as possible. Tried in
 * order, each kept only when the field's new lines read back as the new value:
 * - a scalar replaced in place on the key's line, keeping the key, the blank after the colon,
 *   the quoting style where it still holds and a trailing comment;
 * - a one-line flow list or map ("[a, b]", "{a: 1}") kept in flow style on that line;
 * - a nested mapping patched field by field (patchYamlMap on its dedented lines);
 * - a literal or folded block scalar ("|", ">") kept as a block;
 * - else the field's lines re-serialized by js-yaml in the file's style (keeping the key as
 *   written and its line's comment). Pure.
 */
export function patchYamlField(field: readonly string[], oldValue: unknown, value: unknown, style: YamlStyle): string[] {
  const keyLine = field[0]!;
  const colon = keyColon(keyLine);
  const key = keyLine.slice(0, colon + 1);
  const { gap, value: oldText, trail } = splitYamlValue(keyLine.slice(colon + 1));
  const holds = (lines: string[]) => readsAs(lines, value);
  const inPlace = (text: string) => [key + (gap || ' ') + text + (field.length === 1 ? trail : '')];
  const attempts: (() => string[] | null)[] = [
    () => (isScalar(value) && isScalar(oldValue) && oldText !== '' && !/^[[{|>&*!]/.test(oldText) ? (yamlScalarCandidates(value, oldText, style).map(inPlace).find(holds) ?? null) : null),
    () => (field.length === 1 && isFlowLike(oldText, value) ? inPlace(yaml.dump(value, { ...dumpOptions(style), flowLevel: 0 }).replace(/\n$/, '')) : null),
    () => (oldText === '' && isMap(oldValue) && isMap(value) && Object.keys(value).length > 0 ? nestedMap(field, oldValue, value, style) : null),
    () => (typeof value === 'string' && /^[|>][-+0-9]*$/.test(oldText) ? blockScalar(field, key, oldText, trail, value, style) : null),
  ];
  for (const attempt of attempts) {
    const lines = attempt();
    if (lines !== null && holds(lines)) return lines;
  }
  const dumped = dumpField('k', value, style);
  const rewritten = [key + dumped[0]!.slice(2), ...dumped.slice(1)];
  const withComment = [rewritten[0] + (trail.trimStart().startsWith('#') ? trail : ''), ...rewritten.slice(1)];
  return holds(withComment) ? withComment : rewritten;
}

/** The index of the colon that ends the key on a "key: value" line. */
function keyColon(line: string): number {
  const q = line[0];
  if (q === '"' || q === "'") {
    const close = splitYamlValue(line).value.length;
    return line.indexOf(':', close);
  }
  const m = /:([ \t]|$)/.exec(line);
  return m ? m.index : line.length;
}

function nestedMap(field: readonly string[], old: Record<string, unknown>, value: Record<string, unknown>, style: YamlStyle): string[] | null {
  const children = field.slice(1);
  const first = children.find((l) => l.trim() !== '' && !l.trimStart().startsWith('#'));
  const indent = first === undefined ? 0 : /^ */.exec(first)![0].length;
  if (indent === 0 || children.some((l) => l.trim() !== '' && !l.startsWith(' '.repeat(indent)))) return null;
  const patched = patchYamlMap(children.map((l) => l.slice(indent)), old, value, style);
  if (patched === null) return null;
  return [field[0]!, ...patched.map((l) => (l === '' ? '' : ' '.repeat(indent) + l))];
}

/** A string as a literal ("|", "|-") or, for one line of text, folded (">-") block, indented as the old block was. */
function blockScalar(field: readonly string[], key: string, oldText: string, trail: string, value: string, style: YamlStyle): string[] | null {
  const first = field.slice(1).find((l) => l.trim() !== '');
  const indent = ' '.repeat(first === undefined ? style.indent : /^ */.exec(first)![0].length || style.indent);
  const folded = oldText.startsWith('>');
  if (folded && value.includes('\n')) return null;
  const text = value.endsWith('\n') ? value.slice(0, -1) : value;
  if (text === '' || text.endsWith('\n') || /^[ \t]/.test(text)) return null;
  const header = (folded ? '>' : '|') + (value.endsWith('\n') ? '' : '-');
  return [key + ' ' + header + trail, ...text.split('\n').map((l) => (l === '' ? '' : indent + l))];
}

/** A one-line flow list or map ("[a, b]", "{a: 1}") that the new value, of the same kind, can replace in flow style. */
function isFlowLike(oldText: string, value: unknown): boolean {
  return (oldText.startsWith('[') && Array.isArray(value)) || (oldText.startsWith('{') && isMap(value));
}

function readsAs(lines: string[], value: unknown): boolean {
  try {
    const read = yaml.load(lines.join('\n'), { schema: contentYamlSchema }) as Record<string, unknown> | null;
    return read !== null && typeof read === 'object' && Object.keys(read).length === 1 && deepEqual(Object.values(read)[0], value);
  } catch {
    return false;
  }
}

function isScalar(v: unknown): boolean {
  return v === null || ['string', 'number', 'boolean'].includes(typeof v);
}

function isMap(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);
}
