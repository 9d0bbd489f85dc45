import { createHash, randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BackendError } from './BackendError.ts';
import { privateDataDir } from './privateDataDir.ts';
import { processStartTime } from './processStartTime.ts';
import { processState, type ProcessState } from './processState.ts';
import { processRunning } from '../core/processRunning.ts';

/**
 * <dataDir>/backend.lock: one process at a time opens a data dir (PGlite is
 * not safe to share: two writers lose rows and break indexes), as Postgres'
 * postmaster.pid guards its data directory. The file names its owner (pid
 * and the process's start time, so a recycled pid is not the owner; a
 * zombie, a process killed and not yet collected by its parent, is gone,
 * and one killed or exiting is waited for: processState.ts) and,
 * once it serves, the backend's port and URL, which `site backend status`
 * and `site admin` read.
 */
export interface DataDirOwner {
  pid: number;
  /** processStartTime(pid) when the lock was taken; null where unknown. */
  processStart: string | null;
  /** Unique per lock: a lock that comes back with other contents is another lock. */
  nonce: string;
  createdAt: string;
  port?: number;
  apiUrl?: string;
  inboxUrl?: string;
}

export interface DataDirLock {
  readonly owner: DataDirOwner;
  /** Adds the port and URL once the server listens (replaces the file atomically). */
  update(fields: { port: number; apiUrl: string; inboxUrl?: string }): void;
  /** Removes the lock if it is still this one. Also runs on process exit. */
  release(): void;
}

export const LOCK_FILE = 'backend.lock';
const TAKEOVER_FILE = /^backend\.lock\.takeover-[0-9a-f]{16}$/;

/** The live owner of the data dir, or null (no lock, or one left by a process that is gone). */
export function readDataDirLock(dataDir: string): DataDirOwner | null {
  const text = readText(path.join(dataDir, LOCK_FILE));
  const owner = text === null ? null : parseOwner(text);
  return owner && isAlive(owner) ? owner : null;
}

/**
 * Takes the data dir's lock (creating the data dir, 0700, if missing), or
 * throws DataDirInUse naming the live owner. A lock whose owner is gone is
 * taken over; processes racing for it are ordered by the atomic creation of
 * a file (link(2) fails if the name exists), so exactly one of them wins.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  const owner: DataDirOwner = { pid: process.pid, processStart: processStartTime(process.pid), nonce: randomUUID(), createdAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 500; attempt++) {
    if (createExclusive(file, owner)) {
      const lock = held(dataDir, file, owner);
      try {
        privateDataDir(dataDir); // ours now: an older data dir's loose modes are tightened before it opens
      } catch (error) {
        lock.release();
        throw error;
      }
      return lock;
    }
    const text = readText(file);
    if (text === null) continue; // released meanwhile: try again
    const current = parseOwner(text);
    const life = current ? ownerLife(current) : 'gone';
    if (current && life === 'running') throw dataDirInUse(dataDir, current);
    // Killed or exiting: it runs none of its code again. Once it is gone (or a zombie) its lock is taken over.
    if (current && life === 'dying') {
      if (!(await goneWithin(current, DYING_WAIT_MS))) throw dataDirInUse(dataDir, current);
      continue;
    }
    if (!current && text.length === 0 && Date.now() - modifiedAt(file) < 2000) await sleep(10); // a fallback writer's, still being written
    else if (!(await removeStale(file, text, owner))) await sleep(10);
  }
  throw new BackendError('DataDirInUse', `Could not take the lock ${file}: other processes keep taking it.`, 'Stop the other `site` processes on this data dir and try again.');
}

/** The error for a data dir another live process holds. */
export function dataDirInUse(dataDir: string, owner: DataDirOwner): BackendError {
  const serving = owner.apiUrl ? `a backend serving ${owner.apiUrl} (port ${owner.port})` : 'a process that has not started serving HTTP (no port yet)';
  return new BackendError(
    'DataDirInUse',
    `The data dir ${dataDir} is in use by process ${owner.pid}, ${serving}. Only one process at a time may open a data dir.`,
    `Use that backend (\`site backend status --data-dir ${dataDir}\` prints its URL and keys), stop process ${owner.pid} (Ctrl+C in its terminal), or pass another --data-dir.`,
  );
}

/** Whether the process that wrote this lock is still running (the same process, not a recycled pid, not a zombie, not killed). */
export function isAlive(owner: DataDirOwner): boolean {
  return ownerLife(owner) === 'running';
}

/** How long a new owner waits for a killed or exiting one to be gone (its threads end one by one). */
const DYING_WAIT_MS = 10_000;

/**
 * The lock's owner: 'gone' (no such process, a zombie its parent has not collected yet, or its pid now
 * another program's: another start time), 'dying' (killed or exiting) or 'running'. Without /proc, a pid
 * that answers is taken for the owner.
 */
export function ownerLife(owner: DataDirOwner): ProcessState['life'] {
  if (!Number.isInteger(owner.pid) || owner.pid <= 0) return 'gone';
  if (!processRunning(owner.pid)) return 'gone';
  const proc = processState(owner.pid);
  if (!proc) return 'running';
  if (owner.processStart !== null && proc.start !== null && proc.start !== owner.processStart) return 'gone';
  return proc.life;
}

/** Whether a dying owner is gone within `ms`. */
async function goneWithin(owner: DataDirOwner, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(10)) if (ownerLife(owner) === 'gone') return true;
  return ownerLife(owner) === 'gone';
}

export function parseOwner(text: string): DataDirOwner | null {
  try {
    const o = JSON.parse(text) as DataDirOwner;
    return typeof o === 'object' && o !== null && typeof o.pid === 'number' && typeof o.nonce === 'string' ? { ...o, processStart: o.processStart ?? null } : null;
  } catch {
    return null;
  }
}

/**
 * Removes a lock whose owner is gone, if it still is the one read (`seen`).
 * Only the process that created `<file>.takeover-<hash of seen>` may remove
 * it, so two processes cannot both remove a lock and one of them remove the
 * fresh lock the other just took. A takeover file left by a process that
 * died mid-takeover is itself removed the same way. false = try again later.
 */
async function removeStale(file: string, seen: string, me: DataDirOwner): Promise<boolean> {
  const guard = `${file}.takeover-${createHash('sha256').update(seen).digest('hex').slice(0, 16)}`;
  if (!createExclusive(guard, me)) {
    const text = readText(guard);
    if (text === null) return false;
    const holder = parseOwner(text);
    if (holder && isAlive(holder)) return false;
    await removeStale(guard, text, me);
    return false;
  }
  try {
    if (readText(file) === seen) unlinkSync(file);
  } finally {
    rmSync(guard, { force: true });
  }
  return true;
}

/** Creates `file` with the owner's JSON, complete at once, only if no such file exists. */
function createExclusive(file: string, owner: DataDirOwner): boolean {
  const text = JSON.stringify(owner, null, 2) + '\n';
  const tmp = `${file}.${owner.pid}.${randomUUID()}.tmp`;
  writeFileSync(tmp, text, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(tmp, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    // A file system without hard links: O_EXCL creation (readers wait for the contents).
    try {
      writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e;
    }
  } finally {
    rmSync(tmp, { force: true });
  }
}

function modifiedAt(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

const heldLocks = new Set<() => void>();
let exitHook = false;

function held(dataDir: string, file: string, owner: DataDirOwner): DataDirLock {
  let current = owner;
  // Takeover files left by processes that died mid-takeover guard nothing any more.
  for (const name of readdirSync(dataDir)) {
    // Takeover files only (backend.lock.takeover-<hash>), never another process's temporary file being written (….tmp).
    if (!TAKEOVER_FILE.test(name)) continue;
    const holder = parseOwner(readText(path.join(dataDir, name)) ?? '');
    if (!holder || !isAlive(holder)) rmSync(path.join(dataDir, name), { force: true });
  }
  const release = () => {
    heldLocks.delete(release);
    try {
      const text = readText(file);
      if (text !== null && parseOwner(text)?.nonce === owner.nonce) unlinkSync(file);
    } catch {
      // The data dir is gone: so is the lock.
    }
  };
  heldLocks.add(release);
  if (!exitHook) {
    exitHook = true;
    process.on('exit', () => {
      for (const r of [...heldLocks]) r();
    });
  }
  return {
    get owner() {
      return current;
    },
    update(fields) {
      current = { ...current, ...fields };
      const tmp = `${file}.${owner.pid}.${randomUUID()}.tmp`;
      writeFileSync(tmp, JSON.stringify(current, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
      renameSync(tmp, file);
    },
    release,
  };
}
