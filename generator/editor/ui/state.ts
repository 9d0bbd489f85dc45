/**
 * What the editor page holds: the site (forms, entries, languages, components), the entry open in the
 * form with its values as last read or saved (what "unsaved" is measured against, and the base of a
 * merge), and the images uploaded for it since (removed again when its edits are dropped).
 */
import { deepEqual } from '../deepEqual.ts';
import type { EditorLocale, EditorSite } from '../editorTypes.ts';

export type Form = EditorSite['forms'][number];

export interface OpenEntry {
  /** The file (to be, for a new entry), relative to the content folder. */
  file: string;
  form: Form;
  isNew: boolean;
  data: Record<string, unknown>;
  body: string | null;
  /** The version the file was read at (the hash a save sends back); null for a new entry. */
  version: string | null;
  /** The values as last read or saved. */
  base: { data: Record<string, unknown>; body: string | null };
  /** The entry's language, for a site in several. */
  locale?: EditorLocale;
  /** Images uploaded while it is open (relative to the content folder). */
  uploads: string[];
  formEl: HTMLFormElement;
  /** The last save's refusal (stays until the next save), and the live check's findings. */
  saveAlert: HTMLElement;
  problems: HTMLElement;
  /** Set once the file changed on disk after it was read. */
  stale?: boolean;
  /** Redraws the form from `data` and `body` (after a merge or a restore). */
  redraw(): void;
}

export const state: { site: EditorSite | null; open: OpenEntry | null } = { site: null, open: null };

export const copy = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/** Whether the open entry has edits that are not saved. */
export function isDirty(open = state.open): boolean {
  if (!open) return false;
  return !deepEqual(open.data, open.base.data) || (open.body ?? null) !== (open.base.body ?? null);
}

/** The site's language of an entry (none for a site in one language). */
export function localeOf(code: string | undefined): EditorLocale | undefined {
  return code ? state.site?.i18n?.locales.find((l) => l.code === code) : undefined;
}

/** The status line at the top of the page (announced politely). */
export const status = (text: string) => void (document.getElementById('ed-status')!.textContent = text);
