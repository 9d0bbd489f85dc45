import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A JSON record a data dir keeps (secret.json, keys.json): made by `fresh` on first use and written
 * with mode 600 (the folder 700), then read on every start, so it stays the same across restarts. Two
 * processes starting at once agree: the second finds the first's file and takes it. A null data dir
 * gets a fresh record for this process only.
 */
export function dataDirRecord<T>(dataDir: string | null, name: string, fresh: () => T): T {
  if (dataDir === null) return fresh();
  const file = path.join(dataDir, name);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as T;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const record = fresh();
  try {
    writeFileSync(file, JSON.stringify(record, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
    return record;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return JSON.parse(readFileSync(file, 'utf8')) as T;
    throw error;
  }
}
