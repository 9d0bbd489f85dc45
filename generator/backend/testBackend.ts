import type { RateLimitConfig } from './readSupabaseConfig.ts';
import { startBackend, type RunningBackend, type StartBackendOptions } from './startBackend.ts';

/** Limits no test reaches: the suites sign up hundreds of users from 127.0.0.1. */
export const TEST_RATE_LIMIT: RateLimitConfig = {
  perIp: false,
  emailSent: 1e6,
  smsSent: 1e6,
  anonymousUsers: 1e6,
  web3: 1e6,
  tokenRefresh: 1e6,
  signInSignUps: 1e6,
  tokenVerifications: 1e6,
  mfaChallengeAndVerify: 1e6,
};

/**
 * A backend for tests: in memory, on a random port (its inbox too), bcrypt
 * cost 4, no seed, confirmations off (sign-up returns a session; pass
 * `enableConfirmations: true` for the mailed link),
 * auth rate limits raised (TEST_RATE_LIMIT; pass `rateLimit` to set them,
 * `{}` for config.toml's), started from the migrated template
 * (migratedTemplate.ts, cached in the OS temp folder and shared by parallel
 * workers): about half a second instead of initdb + migrate. Any option of
 * startBackend may be overridden.
 */
export function startTestBackend(options: StartBackendOptions = {}): Promise<RunningBackend> {
  return startBackend({ port: 0, dataDir: null, bcryptCost: 4, seed: false, enableConfirmations: false, ...options, rateLimit: options.rateLimit ?? TEST_RATE_LIMIT });
}
