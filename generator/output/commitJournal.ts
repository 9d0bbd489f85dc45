/**
 * The edge of outputJournal.ts: a build written in place committed (the journal put at its name, then
 * applied), and a journal left by a build killed during its commit rolled forward (recoverOutput), which
 * `site build` and `site preview` do before they read the output. Every step of applying a journal can run
 * again after a kill: a file already moved or removed is passed over.
 *
 * For tests only, SITE_TEST_KILL_IN_COMMIT=N makes the process kill itself (SIGKILL) at the Nth point of a
 * commit: 0 just before the journal is put at its name, 1 just after, then after each move and each
 * removal, and last with every file in place but the journal not yet deleted.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../core/errors.ts';
import { processRunning } from '../core/processRunning.ts';
import { tmpNameFor } from '../core/writeFileAtomic.ts';
import { emptiedFolders, journalPath, parseJournal, type Journal } from './outputJournal.ts';

const KILL_AT = 'SITE_TEST_KILL_IN_COMMIT';

/** A commit's points, counted: at the one SITE_TEST_KILL_IN_COMMIT names, the process is killed. */
function killPoints(): () => void {
  const at = process.env[KILL_AT];
  if (!at || !/^\d+$/.test(at)) return () => {};
  let point = 0;
  return () => {
    if (point++ === Number(at)) process.kill(process.pid, 'SIGKILL');
  };
}

/**
 * Commits `journal` for `outDir`: written to a temporary name, renamed to its name (the commit: from here
 * on the new output is decided), then applied and deleted. A journal another build left is rolled forward
 * first. Nothing is synced to the disk: a killed process's writes are in the system's cache, which every
 * reader sees, and the whole-folder commit (writeOutput.ts) synced nothing either; an fsync here waits for
 * every write pending on the file system, other programs' too (30–48 s at 16,000 articles on a shared disk).
 */
export function commitJournal(outDir: string, journal: Journal): void {
  const file = journalPath(outDir);
  const tmp = tmpNameFor(file);
  writeFileSync(tmp, JSON.stringify(journal));
  const point = killPoints();
  try {
    if (existsSync(file)) recoverOutput(outDir);
    point();
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  point();
  applyJournal(outDir, journal, point);
}

/**
 * Rolls forward the journal a build killed during its commit left beside `outDir`, so the folder holds
 * that build's output whole; false when there is none. Throws OutputJournalUnreadable for a file at the
 * journal's name that is not a journal.
 */
export function recoverOutput(outDir: string): boolean {
  const file = journalPath(outDir);
  rollBack(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
  const journal = parseJournal(text);
  if (!journal) throw new SiteError('OutputJournalUnreadable', { file, outDir });
  applyJournal(outDir, journal, () => {});
  return true;
}

/**
 * Journals a killed build left under their temporary names (it died before its commit) deleted, with the
 * folders of new files they name: that build's output never was, the previous one stands.
 */
function rollBack(file: string): void {
  const dir = path.dirname(file);
  const prefix = `${path.basename(file)}.`;
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(prefix) && n.endsWith('.tmp'));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(name.slice(prefix.length).split('.')[0]);
    if (!Number.isInteger(pid) || processRunning(pid)) continue;
    const left = path.join(dir, name);
    const journal = parseJournal(readFileSync(left, 'utf8'));
    if (journal) rmSync(path.join(dir, journal.staged), { recursive: true, force: true });
    rmSync(left, { force: true });
  }
}

/** The journal's moves, then its removals and the folders they leave empty; then the journal deleted. */
function applyJournal(outDir: string, journal: Journal, point: () => void): void {
  const staged = path.join(path.dirname(outDir), journal.staged);
  let removed = false;
  const removeAll = () => {
    if (removed) return;
    removed = true;
    for (const file of journal.removes) {
      // A folder (named with a trailing slash) holds nothing of the new output: it goes whole.
      if (file.endsWith('/')) rmSync(path.join(outDir, file), { recursive: true, force: true });
      else unlinkQuietly(path.join(outDir, file));
      point();
    }
    for (const dir of emptiedFolders(journal.removes)) {
      try {
        rmdirSync(path.join(outDir, dir));
      } catch {
        // Not empty (it holds files of the new output), or gone already.
      }
    }
  };
  for (const file of journal.moves) {
    moveIn(path.join(staged, file), path.join(outDir, file), removeAll);
    point();
  }
  removeAll();
  rmSync(staged, { recursive: true, force: true });
  point();
  rmSync(journalPath(outDir), { force: true });
}

/**
 * Renames `from` to `to`, making `to`'s folder; passed over when `from` is gone (moved by an earlier run
 * of the journal). A file where a folder must go, or a folder where a file must go, is the previous
 * output's: `clear` removes what the journal removes first.
 */
function moveIn(from: string, to: string, clear: () => void): void {
  for (let attempt = 0; ; attempt++) {
    try {
      renameSync(from, to);
      return;
    } catch (e) {
      if (!existsSync(from)) return;
      if (attempt >= 2) throw e;
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') clear();
      else
        try {
          mkdirSync(path.dirname(to), { recursive: true });
        } catch {
          clear();
        }
    }
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (e) {
    if (!['ENOENT', 'ENOTDIR'].includes((e as NodeJS.ErrnoException).code ?? '')) throw e;
  }
}

/**
 * Every file under `dir` (relative, `/`-separated), folders walked, the top-level entries `skip` names
 * passed over; none when `dir` is missing.
 */
export function filesUnder(dir: string, skip: ReadonlySet<string> = new Set(), folders: string[] = []): string[] {
  const files: string[] = [];
  const walk = (abs: string, rel: string) => {
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      if (!rel && skip.has(e.name)) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        folders.push(r);
        walk(path.join(abs, e.name), r);
      } else files.push(r);
    }
  };
  try {
    walk(dir, '');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  return files;
}
