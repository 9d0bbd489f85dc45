/**
 * vitest's globalSetup (vitest.config.ts): one folder for the whole run, made before the first test file
 * starts and removed after the last ends. Test files reach it with `inject('runFolder')`; what is made in it
 * once and shared by several files (madeOnce.ts) lives as long as the run. After the last file, the
 * control groups that counted the files' processor time are removed (cpuGroup.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { removeEndedGroups } from './cpuGroup.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder (absolute): what madeOnce() makes lives here. */
    runFolder: string;
  }
}

export default async function runFolderSetup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'site-test-run-'));
  project.provide('runFolder', folder);
  return async () => {
    removeEndedGroups();
    await rm(folder, { recursive: true, force: true });
  };
}
