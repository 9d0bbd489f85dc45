import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnvFile } from './parseEnvFile.ts';

/** The variables of `<supabaseDir>/functions/.env` ({} without it), which `supabase functions serve` gives every function. */
export function readFunctionsEnv(supabaseDir: string): Record<string, string> {
  const file = path.join(supabaseDir, 'functions', '.env');
  return existsSync(file) ? parseEnvFile(readFileSync(file, 'utf8')) : {};
}
