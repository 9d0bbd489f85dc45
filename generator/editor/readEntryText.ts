/**
 * The fields of one content entry as the author wrote them, before the schema's transforms:
 * markdown front matter (YAML between "---" lines) and its body, or a .json / .yaml data file
 * (no body: null). Dates read as the text written (contentYamlSchema). Line breaks of the body
 * read as LF, and the file's final line break is not part of the body (patchEntryText keeps
 * both as the file had them). Throws the parser's error for malformed text. Pure.
 */
import yaml from 'js-yaml';
import { contentYamlSchema } from '../content/contentYamlSchema.ts';
import { splitMarkdownEntry } from './splitMarkdownEntry.ts';

export function readEntryText(text: string, format: 'md' | 'json' | 'yaml'): { data: Record<string, unknown>; body: string | null } {
  const lf = text.replace(/\r\n/g, '\n');
  if (format === 'json') return { data: asFields(JSON.parse(lf), 'the JSON'), body: null };
  if (format === 'yaml') return { data: readYamlFields(lf), body: null };
  const parts = splitMarkdownEntry(lf);
  return { data: readYamlFields(parts.yaml), body: parts.body.endsWith('\n') ? parts.body.slice(0, -1) : parts.body };
}

/** A YAML mapping's fields ({} for an empty text or only comments). */
export function readYamlFields(text: string): Record<string, unknown> {
  return asFields(yaml.load(text, { schema: contentYamlSchema }) ?? {}, 'the YAML');
}

function asFields(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${what} of an entry must be a mapping of fields, not ${Array.isArray(value) ? 'a list' : typeof value}`);
  return value as Record<string, unknown>;
}
