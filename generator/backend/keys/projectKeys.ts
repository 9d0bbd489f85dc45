import path from 'node:path';
import { createJwtKeys, type JwtKeys } from '../createJwtKeys.ts';
import { dataDirSecret } from '../dataDirSecret.ts';
import type { SupabaseConfig } from '../readSupabaseConfig.ts';
import { dataDirKeys } from './dataDirKeys.ts';
import { readSigningKeys } from './signingKeys.ts';

/**
 * Every key of a project, as `site backend` serves them and `site backend status` prints them: the
 * legacy JWT secret (secret.json) and the API keys derived from it, the publishable and secret keys
 * (`[auth] publishable_key` / `secret_key` of config.toml, else the data dir's keys.json), and the
 * signing keys (`[auth] signing_keys_path`, resolved against the supabase folder as the CLI does, else
 * the data dir's own ES256 key).
 */
export async function projectKeys(options: { dataDir: string | null; supabaseDir: string; config: SupabaseConfig }): Promise<JwtKeys> {
  const { dataDir, supabaseDir, config } = options;
  const secret = dataDirSecret(dataDir);
  const own = dataDirKeys(dataDir);
  const signingKeys = config.auth.signingKeysPath
    ? readSigningKeys(path.resolve(supabaseDir, config.auth.signingKeysPath))
    : { signing: own.signingKey, all: [own.signingKey] };
  return createJwtKeys(secret.jwtSecret, secret.createdAt, {
    publishableKey: config.auth.publishableKey || own.publishableKey,
    secretKey: config.auth.secretKey || own.secretKey,
    signingKeys,
  });
}
