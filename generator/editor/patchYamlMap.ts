/**
 * A YAML mapping's lines with only the changed fields rewritten: an equal field keeps its
 * lines, a changed one is rewritten by patchYamlField, a removed one loses its lines (and
 * only them), a new one is added after the last field. Returns null when the fields cannot
 * be told apart safely (see yamlFieldBlocks); the caller then rewrites the whole mapping. Pure.
 */
import { deepEqual } from './deepEqual.ts';
import { patchYamlField } from './patchYamlField.ts';
import { yamlFieldBlocks } from './yamlFieldBlocks.ts';
import { dumpField, type YamlStyle } from './yamlStyle.ts';

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
