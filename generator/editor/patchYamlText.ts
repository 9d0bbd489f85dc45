/**
 * A YAML mapping's text (a .yaml data file, or a markdown file's front matter) with only the
 * changed fields rewritten (patchYamlMap), checked by reading it back. Falls back to writing
 * the whole mapping anew with js-yaml, fields in their old order and new ones last, losing
 * comments and the author's layout, when a field-by-field patch is not safe:
 * - the text is not one plain mapping: several documents, a "? complex key", an indented top level;
 * - a field is not self-contained: an alias to an anchor in another field, a merge key ("<<");
 * - a field's lines cannot be told apart (a flow collection spanning lines that closes at column 0,
 *   a comment at column 0 between a key and its indented value);
 * - the patched text would read back as anything but the new fields.
 * Text is LF; the caller restores CRLF. Pure.
 */
import yaml from 'js-yaml';
import { deepEqual } from './deepEqual.ts';
import { patchYamlMap } from './patchYamlMap.ts';
import { readYamlFields } from './readEntryText.ts';
import { dumpField, yamlStyle } from './yamlStyle.ts';

export function patchYamlText(text: string, old: Record<string, unknown>, next: Record<string, unknown>, finalNewline: boolean): string {
  const style = yamlStyle(text);
  const lines = text === '' ? [] : text.split('\n');
  const patched = singleDocument(text) ? patchYamlMap(lines, old, next, style) : null;
  if (patched !== null) {
    const out = patched.join('\n') + (text === '' && finalNewline && patched.length > 0 ? '\n' : '');
    if (readsAs(out, next)) return out;
  }
  const keys = [...Object.keys(old).filter((k) => next[k] !== undefined && Object.hasOwn(next, k)), ...Object.keys(next).filter((k) => next[k] !== undefined && !Object.hasOwn(old, k))];
  return keys.flatMap((k) => dumpField(k, next[k], style)).join('\n') + (finalNewline && keys.length > 0 ? '\n' : '');
}

function singleDocument(text: string): boolean {
  try {
    return yaml.loadAll(text).length <= 1;
  } catch {
    return false;
  }
}

function readsAs(text: string, next: Record<string, unknown>): boolean {
  try {
    return deepEqual(readYamlFields(text), next);
  } catch {
    return false;
  }
}
