/** What the editor's server and its browser code exchange (JSON). */
import type { CollectionForm } from './collectionForms.ts';
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
}

export interface EditorSite {
  forms: CollectionForm[];
  entries: EditorEntry[];
}

/** An entry as read: its raw data and body, and the version (hash of the file's bytes) a save must send back. */
export interface EditorDoc {
  file: string;
  format: 'md' | 'json' | 'yaml';
  data: unknown;
  body: string | null;
  version: string;
}

/** A refused save: the build's error (field, message, hint). */
export interface EditorRefusal {
  error: WireError;
}
