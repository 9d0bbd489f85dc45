/**
 * Validates parsed content against a zod schema and turns the first issue
 * into a SiteError that names the file, line, field, what was expected and
 * what was found. Pure apart from the `locate` callback the caller supplies.
 */
import { config, type z } from 'zod';

// zod 4 compiles each object schema into a function (new Function) the first time it parses: ~30 ms for
// a site's dozen page schemas, which each parse one file per build. Interpreted, they cost less in all,
// and the front matter of 4,000 articles parses as fast (measured both ways).
config({ jitless: true });
import { SiteError } from '../core/errors.ts';

const valueAt = (data: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), data);

export const describeFound = (v: unknown): string => {
  if (v === undefined) return 'nothing (the field is missing)';
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v);
  if (Array.isArray(v)) return `a list of ${v.length} item${v.length === 1 ? '' : 's'}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${String(v)}`;
};

function describeExpected(issue: z.core.$ZodIssue): string {
  if (issue.message.startsWith('must')) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
    case 'too_small':
      return `must have at least ${String(issue.minimum)} ${issue.origin === 'array' ? 'items' : 'characters'}`;
    case 'too_big':
      return issue.origin === 'array' ? `must have at most ${String(issue.maximum)} items` : `must be at most ${String(issue.maximum)}`;
    case 'unrecognized_keys':
      return 'is not a known field';
    default:
      return `is invalid (${issue.message})`;
  }
}

export function validate<T>(
  schema: z.ZodType<T>,
  data: unknown,
  file: string,
  locate: (path: readonly PropertyKey[]) => number | undefined,
): T {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
  const field = path.map(String).join('.') || '(root)';
  const found = issue.code === 'unrecognized_keys' ? 'it in the file' : describeFound(valueAt(data, path));
  const choices = issue.code === 'invalid_value' && issue.values.length > 1 ? issue.values.map(String) : undefined;
  throw new SiteError('ContentFieldInvalid', { file, line: locate(path), field, expected: describeExpected(issue), found, ...(choices ? { choices } : {}) });
}
