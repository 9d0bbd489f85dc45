import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SecretRecord {
  jwtSecret: string;
  /** Unix seconds; the iat of the API keys, so they are the same on every start. */
  createdAt: number;
}

/**
 * The JWT secret of a data dir: generated on first use and kept in
 * <dataDir>/secret.json (mode 600). null data dir = a new random secret.
 */
export function dataDirSecret(dataDir: string | null): SecretRecord {
  const fresh = (): SecretRecord => ({ jwtSecret: randomBytes(32).toString('base64url'), createdAt: Math.floor(Date.now() / 1000) });
  if (dataDir === null) return fresh();
  const file = path.join(dataDir, 'secret.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as SecretRecord;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const record = fresh();
  try {
    writeFileSync(file, JSON.stringify(record, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
    return record;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return JSON.parse(readFileSync(file, 'utf8')) as SecretRecord;
    throw error;
  }
}
