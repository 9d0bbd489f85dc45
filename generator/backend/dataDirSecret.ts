import { randomBytes } from 'node:crypto';
import { dataDirRecord } from './dataDirRecord.ts';

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
  return dataDirRecord(dataDir, 'secret.json', () => ({ jwtSecret: randomBytes(32).toString('base64url'), createdAt: Math.floor(Date.now() / 1000) }));
}
