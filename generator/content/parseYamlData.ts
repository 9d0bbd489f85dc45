/**
 * One YAML data file of a list collection (.yaml, .yml: the data, no body), parsed and validated;
 * errors name the line. Dates stay the text the author wrote, as in front matter (contentYamlSchema.ts). Pure.
 */
import yaml from 'js-yaml';
import type { z } from 'zod';
import { SiteError } from '../core/errors.ts';
import { contentYamlSchema } from './contentYamlSchema.ts';
import { validate } from './validate.ts';

export function parseYamlData<S extends z.ZodType>(rel: string, text: string, schema: S): z.output<S> {
  let data: unknown;
  try {
    data = yaml.load(text, { schema: contentYamlSchema }) ?? {};
  } catch (e) {
    const mark = (e as { mark?: { line?: number } }).mark;
    throw new SiteError('ContentYamlMalformed', { file: rel, line: mark?.line === undefined ? undefined : mark.line + 1, reason: (e as Error).message.split('\n')[0]! });
  }
  const lines = text.split('\n');
  const fieldLine = (key: string) => lines.findIndex((l) => l.startsWith(`${key}:`));
  return validate(schema, data, rel, (p) => {
    const at = fieldLine(String(p[0] ?? ''));
    return at >= 0 ? at + 1 : undefined;
  }) as z.output<S>;
}
