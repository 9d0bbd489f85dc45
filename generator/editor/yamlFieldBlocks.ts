/**
 * The top-level fields of a YAML mapping as line ranges: a field is its key line and the
 * lines that continue it (indented lines, blank lines between them, and "- item" lines at
 * column 0 for a list written without indentation); trailing blank lines and comments at
 * column 0 belong to no field. Each range, read alone, must give exactly that one field with
 * the value the whole text gives it; anything else (an alias to an anchor in another field,
 * a merge key "<<", a "? complex key", a second document, an indented mapping) returns null,
 * and the caller then rewrites the whole mapping. Pure.
 */
import yaml from 'js-yaml';
import { deepEqual } from './deepEqual.ts';
import { contentYamlSchema } from '../content/contentYamlSchema.ts';

export interface YamlFieldBlock {
  key: string;
  /** First line (the key's) and the line after the last, as indexes into the lines. */
  start: number;
  end: number;
}

export function yamlFieldBlocks(lines: readonly string[], data: Record<string, unknown>): YamlFieldBlock[] | null {
  const ranges = fieldRanges(lines);
  if (ranges === null || ranges.length !== Object.keys(data).length) return null;
  const blocks: YamlFieldBlock[] = [];
  for (const { start, end } of ranges) {
    let alone: unknown;
    try {
      alone = yaml.load(lines.slice(start, end).join('\n'), { schema: contentYamlSchema });
    } catch {
      return null;
    }
    if (alone === null || typeof alone !== 'object' || Array.isArray(alone)) return null;
    const keys = Object.keys(alone);
    if (keys.length !== 1 || !Object.hasOwn(data, keys[0]!) || blocks.some((b) => b.key === keys[0])) return null;
    if (!deepEqual((alone as Record<string, unknown>)[keys[0]!], data[keys[0]!])) return null;
    blocks.push({ key: keys[0]!, start, end });
  }
  return blocks;
}

function fieldRanges(lines: readonly string[]): { start: number; end: number }[] | null {
  const ranges: { start: number; end: number }[] = [];
  let current: { start: number; end: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    if (/^(---|\.\.\.)([ \t]|$)/.test(line) || line.startsWith('%')) {
      // A document start or directive before the first field is kept as is; anywhere else it starts another document.
      if (ranges.length > 0 || line.startsWith('...')) return null;
      continue;
    }
    const c = line[0];
    if (c === ' ' || c === '\t' || (c === '-' && /^-([ \t]|$)/.test(line))) {
      if (current) current.end = i + 1;
      else if (!line.trimStart().startsWith('#')) return null;
      continue;
    }
    if (c === '#') {
      current = null;
      continue;
    }
    if (c === '?') return null;
    ranges.push((current = { start: i, end: i + 1 }));
  }
  return ranges;
}
