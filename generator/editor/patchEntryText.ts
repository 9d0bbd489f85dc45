/**
 * A content entry's new text after the editor saves it: the file changes only where a field
 * changed. Untouched fields keep their exact text (lines, comments, quoting); a changed
 * scalar is replaced on its line; a changed list or map is rewritten in the file's style
 * (nested maps and JSON objects member by member); removed fields lose their lines; new
 * fields come after the last one. The markdown body is replaced only when `next.body` is
 * given and differs. The file's line breaks (LF or CRLF) and its final line break stay.
 * readEntryText of the result always gives `next` back: YAML that cannot be patched safely
 * is rewritten whole (patchYamlText lists when). Throws when `next` holds values the format
 * cannot store (functions, undefined inside a list). Pure.
 */
import { deepEqual } from './deepEqual.ts';
import { patchJsonText } from './patchJsonText.ts';
import { patchYamlText } from './patchYamlText.ts';
import { readEntryText } from './readEntryText.ts';
import { splitMarkdownEntry } from './splitMarkdownEntry.ts';

export function patchEntryText(text: string, format: 'md' | 'json' | 'yaml', next: { data: Record<string, unknown>; body?: string | null }): string {
  const crlf = text.includes('\r\n');
  const lf = crlf ? text.replace(/\r\n/g, '\n') : text;
  const old = readEntryText(lf, format);
  const out = patched(lf, format, old, next);
  const back = readEntryText(out, format);
  const body = typeof next.body === 'string' && format === 'md' ? next.body.replace(/\r\n/g, '\n') : old.body;
  if (!deepEqual(back.data, next.data) || back.body !== body) throw new Error(`the entry cannot be written as ${format}: a value it cannot store (a function, undefined in a list, a class instance)`);
  return crlf ? out.replace(/\n/g, '\r\n') : out;
}

function patched(lf: string, format: 'md' | 'json' | 'yaml', old: { data: Record<string, unknown>; body: string | null }, next: { data: Record<string, unknown>; body?: string | null }): string {
  if (format === 'json') return patchJsonText(lf, old.data, next.data);
  if (format === 'yaml') return patchYamlText(lf, old.data, next.data, lf === '' || lf.endsWith('\n'));
  const parts = splitMarkdownEntry(lf);
  const newBody = typeof next.body === 'string' ? next.body.replace(/\r\n/g, '\n') : null;
  const body = newBody === null || newBody === old.body ? parts.body : newBody + (lf.endsWith('\n') || newBody.endsWith('\n') ? '\n' : '');
  let yaml = deepEqual(old.data, next.data) ? parts.yaml : patchYamlText(parts.yaml, old.data, next.data, false);
  if (!parts.hasFrontMatter) return yaml === '' ? body : `---\n${yaml}\n---\n${body}`;
  let closer = parts.closer;
  if (closer === '' && body !== parts.body) {
    // Front matter never closed: close it before the new body.
    closer = '\n---\n';
    yaml = yaml.replace(/\n$/, '');
  }
  const leadingBreak = yaml === '' ? parts.leadingBreak && parts.yaml === '' : true;
  return parts.head + (leadingBreak ? '\n' : '') + yaml + closer + body;
}
