import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** <dataDir>/backend.json: written by a running backend so other processes can find it. */
export interface BackendState {
  pid: number;
  port: number;
  apiUrl: string;
  startedAt: string;
}

const FILE = 'backend.json';

/** The state of the backend running on this data dir, or null (a stale file of a dead process counts as none). */
export function backendState(dataDir: string): BackendState | null {
  const file = path.join(dataDir, FILE);
  if (!existsSync(file)) return null;
  let state: BackendState;
  try {
    state = JSON.parse(readFileSync(file, 'utf8')) as BackendState;
  } catch {
    return null;
  }
  return isAlive(state.pid) ? state : null;
}

export function writeBackendState(dataDir: string, state: BackendState): void {
  writeFileSync(path.join(dataDir, FILE), JSON.stringify(state, null, 2) + '\n');
}

export function clearBackendState(dataDir: string, pid: number): void {
  const file = path.join(dataDir, FILE);
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as BackendState;
    if (state.pid === pid) rmSync(file, { force: true });
  } catch {
    // already gone
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
