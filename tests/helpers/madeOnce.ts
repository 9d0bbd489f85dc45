/**
 * Something several test files need and none changes (a built site, a generated corpus), made once per
 * run and shared read-only: the first file to ask makes it in the run's folder (runFolderSetup.ts), while
 * the others wait for it, in whichever worker process they run. A failure to make it fails every file
 * that asks, with the first one's message; if the process making it ends first, the next file to look
 * makes it. Outside a run that provides the folder, one per process.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';

let ownFolder: Promise<string> | undefined;

/** The run's folder, or this process's own when the run provides none. */
async function runFolder(): Promise<string> {
  const provided = inject('runFolder');
  if (provided) return provided;
  ownFolder ??= mkdtemp(path.join(os.tmpdir(), 'site-test-run-'));
  return ownFolder;
}

/** How long a file waits for another to make the thing before it gives up (its own hook timeout may end it sooner). */
const WAIT_MS = 600_000;

/**
 * The folder `<run>/<name>`, made by `make(folder)` the first time any file of the run asks for `name`.
 * `make` writes into the folder it is given; once it resolves, the folder is never changed again: a test
 * that changes what it is given copies it first.
 */
export async function madeOnce(name: string, make: (folder: string) => Promise<void>): Promise<string> {
  const root = await runFolder();
  const folder = path.join(root, name);
  const done = path.join(root, `${name}.done`);
  const failed = path.join(root, `${name}.failed`);
  const claim = path.join(root, `${name}.claim`);
  for (const started = Date.now(); Date.now() - started < WAIT_MS; await sleep(100)) {
    if (existsSync(done)) return folder;
    if (existsSync(failed)) throw new Error(`${name} could not be made for this run: ${await readFile(failed, 'utf8')}`);
    if (await claimed(claim)) {
      try {
        await rm(folder, { recursive: true, force: true });
        await mkdir(folder, { recursive: true });
        await make(folder);
        await writeFile(done, '');
      } catch (e) {
        await writeFile(failed, e instanceof Error ? (e.stack ?? e.message) : String(e));
        throw e;
      }
      return folder;
    }
  }
  throw new Error(`${name} was not made within ${WAIT_MS / 1000} s by the test file that started making it`);
}

/**
 * Whether this process now makes the thing: it made the claim folder, or the process that had made it
 * ended before it finished (a test file that timed out and was ended), and this one took it over.
 */
async function claimed(claim: string): Promise<boolean> {
  const owner = path.join(claim, 'pid');
  try {
    await mkdir(claim);
    await writeFile(owner, String(process.pid));
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const pid = Number(await readFile(owner, 'utf8').catch(() => ''));
  if (!pid || alive(pid)) return false;
  // The owner is gone: one waiter takes its place (the rename succeeds once).
  const taken = `${claim}.${process.pid}`;
  const took = await rename(claim, taken).then(
    () => true,
    () => false,
  );
  if (took) await rm(taken, { recursive: true, force: true });
  return false;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};
