/**
 * The journal of a build written into the previous output in place (generator/output/commitJournal.ts):
 * where it lives, what it says, and the order its steps run in. Pure.
 *
 * A build that finds its own previous output (the marker) writes only what changed, into a folder
 * beside the output (`.<out>-tmp-…`, as a whole build does). Its commit is one step: the journal, a
 * JSON file naming that folder, the files to move from it into the output and the files to remove, appears
 * whole at `.<out>.site-journal` beside the output (written to a temporary name, then renamed to its
 * name). Before that step the output is the previous build's, untouched; from it on, the new build's is
 * decided: the moves and removals follow, each one idempotent, and the journal is deleted last. A process
 * killed in between leaves the journal, and the next `site build` or `site preview` rolls it forward before
 * it reads the output (recoverOutput). So the output a command finds is whole: the previous build's or
 * the new one's, never a mix. A reader outside the engine (a web server serving the folder during a
 * build) may see a mix only while a journal is present.
 */
import path from 'node:path';

/** The journal's name beside the output folder `outDir`. */
export const journalPath = (outDir: string): string => path.join(path.dirname(outDir), `.${path.basename(outDir)}.site-journal`);

/** The journal's format: a journal of another is never applied. */
export const JOURNAL_FORMAT = 'site-journal/1';

export interface Journal {
  format: typeof JOURNAL_FORMAT;
  /** The folder beside the output holding the new files, by its name in the output's parent folder. */
  staged: string;
  /** Files (paths relative to the output, `/`-separated) moved from `staged` into the output, in order. */
  moves: string[];
  /** Files of the previous output that the new one does not hold, and folders (ending in `/`) holding none of its files. */
  removes: string[];
}

/**
 * The journal of a commit, its moves in the order a reader is best served by: other files first (a
 * new page's stylesheet and scripts are there before the page), then the pages, the marker last.
 */
export function makeJournal(staged: string, moves: Iterable<string>, removes: Iterable<string>, marker: string): Journal {
  const rank = (file: string) => (file === marker ? 2 : file.endsWith('.html') ? 1 : 0);
  const ordered = [...moves].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  return { format: JOURNAL_FORMAT, staged, moves: ordered, removes: [...removes].sort() };
}

/** The journal a file holds, or null when it is not one this engine wrote whole. */
export function parseJournal(text: string): Journal | null {
  try {
    const j = JSON.parse(text) as Partial<Journal>;
    const files = (list: unknown) => Array.isArray(list) && list.every((f) => typeof f === 'string' && f !== '' && !path.isAbsolute(f) && !f.split('/').includes('..'));
    if (j.format !== JOURNAL_FORMAT || typeof j.staged !== 'string' || j.staged.includes('/') || j.staged.includes('\\') || !j.staged.startsWith('.')) return null;
    return files(j.moves) && files(j.removes) ? (j as Journal) : null;
  } catch {
    return null;
  }
}

/** The folders that may be left empty once `removed` are gone, deepest first (never the output itself). */
export function emptiedFolders(removed: readonly string[]): string[] {
  const dirs = new Set<string>();
  for (const file of removed) for (let d = path.posix.dirname(file); d !== '.'; d = path.posix.dirname(d)) dirs.add(d);
  return [...dirs].sort((a, b) => b.split('/').length - a.split('/').length || (a < b ? -1 : 1));
}
