/**
 * Every invalid field of an entry at once, in words an author understands: the field's label (as the
 * form shows it), what is wrong and what to write ("Title is missing." "Write the title."). The build
 * stops at the first mistake and names file and line (content/validate.ts); the editor shows all of
 * them, each beside its field. From the schema's own check of the entry's data, as written. Pure.
 */
import type { z } from 'zod';
import { formFields, type FormField } from './formFields.ts';

export interface FieldProblem {
  /** The field's path in the entry's data ([] for the whole entry). */
  path: (string | number)[];
  /** The field's label, with an item's number ("Aliases 2"). */
  label: string;
  /** What is wrong ("Title is missing."). */
  message: string;
  /** What to write ("Write the title."). */
  hint: string;
}

type Issue = z.core.$ZodIssue;

/** The form field at `path`, and the label to name it by. */
function fieldAt(fields: readonly FormField[], path: readonly PropertyKey[]): { field?: FormField; label: string } {
  let field: FormField | undefined;
  let list: readonly FormField[] | undefined = fields;
  const words: string[] = [];
  for (const key of path) {
    if (typeof key === 'number' || (field && (field.kind === 'array' || field.kind === 'map'))) {
      words.push(typeof key === 'number' ? String(key + 1) : String(key));
      field = field?.of;
      list = field?.fields;
      continue;
    }
    field = list?.find((f) => f.name === key) ?? (list?.length === 1 && list[0]!.name === '' && list[0]!.kind === 'map' ? list[0]!.of : undefined);
    words.push(field?.name === key ? field.label || String(key) : String(key));
    list = field?.fields;
  }
  return { field, label: words.join(' ') };
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What to write in a field of this kind. */
function whatToWrite(field: FormField | undefined, label: string): string {
  switch (field?.kind) {
    case 'enum':
      return 'Pick one from the list.';
    case 'date':
      return field.dateFormat === 'datetime' ? 'Write a date and time such as 2025-10-24T09:30:00Z.' : 'Write a date such as 2025-10-24.';
    case 'number':
      return 'Write a number.';
    case 'boolean':
      return 'Tick it or leave it unticked.';
    case 'array':
      return 'Add an item.';
    case 'image':
      return 'Upload an image with its alt text.';
    default:
      return `Write the ${label.toLowerCase()}.`;
  }
}

const TYPE_WORDS: Record<string, string> = { string: 'text', number: 'a number', boolean: 'yes or no', array: 'a list', object: 'a group of fields', date: 'a date' };
const FORMAT_WORDS: Record<string, string> = {
  date: 'a date such as 2025-10-24',
  datetime: 'a date and time such as 2025-10-24T09:30:00Z',
  url: 'a web address starting with https://',
  email: 'an email address such as name@example.com',
};

/** What is wrong, and what to write instead. */
function sentence(issue: Issue, value: unknown, field: FormField | undefined, label: string): { message: string; hint: string } {
  const missing = value === undefined || value === null || value === '';
  const write = whatToWrite(field, label);
  if (missing && (issue.code === 'invalid_type' || issue.code === 'too_small' || issue.code === 'invalid_format' || issue.code === 'invalid_value'))
    return { message: `${label} is ${value === '' ? 'empty' : 'missing'}.`, hint: write };
  if (issue.message.startsWith('must')) return { message: `${label} ${issue.message}.`, hint: 'Write it like the example.' };
  switch (issue.code) {
    case 'invalid_type':
      return { message: `${label} must be ${TYPE_WORDS[issue.expected] ?? issue.expected}.`, hint: write };
    case 'too_small':
      if (issue.origin === 'string') return { message: `${label} is too short: at least ${plural(Number(issue.minimum), 'character')}.`, hint: 'Write a little more.' };
      if (issue.origin === 'array') return { message: `${label} needs at least ${plural(Number(issue.minimum), 'item')}.`, hint: 'Add an item.' };
      return { message: `${label} must be at least ${String(issue.minimum)}.`, hint: write };
    case 'too_big':
      if (issue.origin === 'string') return { message: `${label} is too long: at most ${plural(Number(issue.maximum), 'character')}${typeof value === 'string' ? ` (it has ${value.length})` : ''}.`, hint: 'Shorten it.' };
      if (issue.origin === 'array') return { message: `${label} has too many items: at most ${String(issue.maximum)}.`, hint: 'Remove an item.' };
      return { message: `${label} must be at most ${String(issue.maximum)}.`, hint: write };
    case 'invalid_format':
      return { message: `${label} must be ${FORMAT_WORDS[issue.format] ?? 'written in the form this field takes'}.`, hint: field?.hint ?? 'Write it like the example.' };
    case 'invalid_value':
      return { message: `${label} must be one of ${issue.values.map(String).join(', ')}.`, hint: write };
    case 'unrecognized_keys':
      return { message: `${label} is not a field of this entry.`, hint: 'Remove it from the file.' };
    default:
      return { message: `${label}: ${issue.message}.`, hint: 'Correct the value.' };
  }
}

const valueAt = (data: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), data);

/** The problems of `data` (an entry's fields, as written) against `schema`, one per field, in the form's order. */
export function fieldProblems(schema: z.ZodType, data: unknown): FieldProblem[] {
  const result = schema.safeParse(data);
  if (result.success) return [];
  const fields = formFields(schema);
  const seen = new Set<string>();
  const out: FieldProblem[] = [];
  for (const issue of result.error.issues) {
    const paths = issue.code === 'unrecognized_keys' ? issue.keys.map((k) => [...issue.path, k]) : [issue.path];
    for (const p of paths) {
      const path = p.map((k) => (typeof k === 'number' ? k : String(k)));
      const id = JSON.stringify(path);
      if (seen.has(id)) continue;
      seen.add(id);
      const { field, label } = fieldAt(fields, path);
      out.push({ path, label: label || 'The entry', ...sentence(issue, valueAt(data, path), field, label || 'The entry') });
    }
  }
  const order = (path: (string | number)[]) => {
    const at = fields.findIndex((f) => f.name === path[0]);
    return at < 0 ? fields.length : at;
  };
  return out.sort((a, b) => order(a.path) - order(b.path));
}
