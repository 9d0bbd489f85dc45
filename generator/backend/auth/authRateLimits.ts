import type { RateLimitConfig } from '../readSupabaseConfig.ts';
import { AuthError } from './authError.ts';
import { fixedWindow } from './fixedWindow.ts';
import { tokenBucket, type TokenBucket } from './tokenBucket.ts';

/** GoTrue's burst for every per-IP limit of the routes the embedded server has. */
export const RATE_LIMIT_BURST = 30;
const FIVE_MINUTES = 300;

export type LimitedRoute = 'signup' | 'anonymous' | 'token' | 'verify' | 'user' | 'otp' | 'recover' | 'resend' | 'factorChallenge' | 'factorVerify' | 'passkey';

/**
 * The limits of GoTrue's router (internal/api/apilimiter), per client IP:
 * POST /signup, PUT /user, POST /otp, /recover and /resend each get sign_in_sign_ups per 5 minutes,
 * POST /token (password and refresh grants alike) token_refresh, /verify
 * token_verifications; each refills at that rate with a burst of 30. POST
 * /factors/{id}/challenge and /factors/{id}/verify each get
 * mfaChallengeAndVerify per minute, also with a burst of 30. Anonymous
 * sign-ins get anonymous_users per hour, with that many as the burst. All of
 * these apply unless `perIp` is off ([auth.rate_limit] per_ip = false, as
 * under the Supabase CLI: see RateLimitConfig.perIp). Mails (confirmation links) are capped at
 * email_sent per hour for the whole server. Over a limit: 429
 * over_request_rate_limit / over_email_send_rate_limit.
 */
export function authRateLimits(config: RateLimitConfig, now: () => number = Date.now) {
  const per5m = (perFiveMinutes: number) => tokenBucket({ perSecond: perFiveMinutes / FIVE_MINUTES, burst: RATE_LIMIT_BURST, now });
  const perMinute = (rate: number) => tokenBucket({ perSecond: rate / 60, burst: RATE_LIMIT_BURST, now });
  const buckets: Record<LimitedRoute, TokenBucket> = {
    signup: per5m(config.signInSignUps),
    anonymous: tokenBucket({ perSecond: config.anonymousUsers / 3600, burst: config.anonymousUsers, now }),
    user: per5m(config.signInSignUps),
    otp: per5m(config.signInSignUps),
    recover: per5m(config.signInSignUps),
    resend: per5m(config.signInSignUps),
    token: per5m(config.tokenRefresh),
    verify: per5m(config.tokenVerifications),
    factorChallenge: perMinute(config.mfaChallengeAndVerify),
    factorVerify: perMinute(config.mfaChallengeAndVerify),
    // POST /passkeys/authentication/options: GoTrue's GOTRUE_RATE_LIMIT_PASSKEY default, which config.toml has no key for.
    passkey: per5m(30),
  };
  const mails = fixedWindow({ events: config.emailSent, windowMs: 3600_000, now });

  return {
    /** Throws 429 when the client at `ip` is over the limit of `route`. */
    check(route: LimitedRoute, ip: string): void {
      if (!config.perIp) return;
      if (!buckets[route].take(ip)) throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    },
    /** Throws 429 when no more mails may be sent this hour. */
    checkMail(): void {
      if (!mails.take()) throw new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded');
    },
  };
}
