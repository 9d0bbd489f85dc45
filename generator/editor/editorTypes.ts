/** What the editor's server and its browser code exchange (JSON). */
import type { CollectionForm } from './collectionForms.ts';
import type { FieldProblem } from './fieldProblems.ts';
import type { FormField } from './formFields.ts';
import type { WireError } from '../dev/workerProtocol.ts';

/** One entry of the list: its file (relative to the content folder), the page it renders (list entries), its markers. */
export interface EditorEntry {
  collection: string;
  file: string;
  name: string;
  page?: string;
  draft?: boolean;
  /** The entry's date, when after today (yyyy-MM-dd). */
  scheduled?: string;
  /** Its locale (a site in several languages): a translated list's entries, a strings file. */
  locale?: string;
  /** What links it to its translations (its slug without the locale, or its translationKey). */
  key?: string;
  /** Its date field's value, for sorting. */
  date?: string;
  /** Its choice fields' values, for filtering. */
  values?: Record<string, string>;
}

export interface EditorLocale {
  code: string;
  label: string;
  lang: string;
  dir: 'ltr' | 'rtl';
}

/** An article component authors may place with a directive (`::tally{…}`), and the form of its props. */
export interface EditorComponent {
  name: string;
  directive: string;
  fields: FormField[];
}

export interface EditorSite {
  forms: CollectionForm[];
  entries: EditorEntry[];
  components: EditorComponent[];
  i18n?: {
    defaultLocale: string;
    locales: EditorLocale[];
    /** The strings collection's name. */
    strings?: string;
    /** The list collections written per locale. */
    translated: string[];
  };
}

/** An entry as read: its raw data and body, and the version (hash of the file's bytes) a save must send back. */
export interface EditorDoc {
  file: string;
  format: 'md' | 'json' | 'yaml';
  data: unknown;
  body: string | null;
  version: string;
}

/** A check's answer: the build's first error (file and line, for the terminal) and every invalid field in an author's words. */
export interface EditorCheck {
  error: WireError | null;
  problems: FieldProblem[];
}

/** What the editor asks the render worker (editorWorker.ts answers). */
export type EditorAsk =
  | { kind: 'site' }
  | { kind: 'check'; file: string; text: string }
  | { kind: 'markdown'; file: string; body: string; line: number }
  | { kind: 'page'; file: string };
