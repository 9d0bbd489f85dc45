/**
 * The forms of a site's collections, for `site dev`'s editor (plain data, sent to the browser): where
 * each collection's files are, in which format, which list fields mark a draft and date an entry (as
 * the build reads them: the list's option, else the schema's own `draft`/`date` field; `false` or a
 * function: none named), and the fields of its schema (a record: per file).
 */
import type { Collection } from '../site/defineConfig.ts';
import { publishField } from '../content/selectPublished.ts';
import { formFields, type FormField } from './formFields.ts';

export type FileFormat = 'md' | 'json' | 'yaml' | 'mixed';

export interface CollectionForm {
  name: string;
  kind: 'list' | 'record' | 'file';
  /** A list's or a record's folder, relative to the content folder. */
  dir?: string;
  /** A file collection's file, relative to the content folder. */
  file?: string;
  /** Known from the declaration for files and records; for a list, from what the caller found in its folder. */
  format?: FileFormat;
  draftField?: string;
  dateField?: string;
  /** A record's fields per file name; one form otherwise. */
  fields: FormField[] | Record<string, FormField[]>;
}

/** A file's format by its extension. */
function formatOfFile(file: string): FileFormat | undefined {
  if (file.endsWith('.md')) return 'md';
  if (file.endsWith('.json')) return 'json';
  if (file.endsWith('.yaml') || file.endsWith('.yml')) return 'yaml';
  return undefined;
}

function formOf(name: string, c: Collection, listFormat: FileFormat | undefined): CollectionForm {
  if (c.kind === 'file') {
    const format = formatOfFile(c.file);
    return { name, kind: 'file', file: c.file, ...(format ? { format } : {}), fields: formFields(c.schema) };
  }
  if (c.kind === 'record') {
    const fields = Object.fromEntries(Object.entries(c.schemas).map(([file, schema]) => [file, formFields(schema)]));
    return { name, kind: 'record', dir: c.dir, format: c.format === 'markdown' ? 'md' : 'json', fields };
  }
  const draft = publishField(c, 'draft');
  const date = publishField(c, 'date');
  return {
    name,
    kind: 'list',
    dir: c.dir,
    ...(listFormat ? { format: listFormat } : {}),
    ...(typeof draft === 'string' ? { draftField: draft } : {}),
    ...(typeof date === 'string' ? { dateField: date } : {}),
    fields: formFields(c.schema),
  };
}

/**
 * One form per collection, in the order the site declares them. `listFormats`: the format of each list's
 * files, by collection name, when the caller has looked into its folder (a list may hold .md or data files).
 */
export function collectionForms(collections: Record<string, Collection>, listFormats: Record<string, FileFormat> = {}): CollectionForm[] {
  return Object.entries(collections).map(([name, c]) => formOf(name, c, listFormats[name]));
}
