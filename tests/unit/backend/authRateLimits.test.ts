import { describe, expect, it } from 'vitest';
import { authRateLimits } from '../../../generator/backend/auth/authRateLimits.ts';
import { checkPassword } from '../../../generator/backend/auth/checkPassword.ts';
import { checkUserMetadata } from '../../../generator/backend/auth/checkUserMetadata.ts';
import { fixedWindow } from '../../../generator/backend/auth/fixedWindow.ts';
import { tokenBucket } from '../../../generator/backend/auth/tokenBucket.ts';
import { DEFAULT_RATE_LIMIT } from '../../../generator/backend/readSupabaseConfig.ts';

/** A clock the test moves. */
function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('tokenBucket', () => {
  it('allows a burst, then refills at its rate, per key', () => {
    const c = clock();
    const bucket = tokenBucket({ perSecond: 0.5, burst: 3, now: c.now });
    expect([bucket.take('a'), bucket.take('a'), bucket.take('a'), bucket.take('a')]).toEqual([true, true, true, false]);
    expect(bucket.take('b')).toBe(true);
    c.advance(1999);
    expect(bucket.take('a')).toBe(false);
    c.advance(1);
    expect(bucket.take('a')).toBe(true);
    expect(bucket.take('a')).toBe(false);
    c.advance(60_000);
    expect([bucket.take('a'), bucket.take('a'), bucket.take('a'), bucket.take('a')]).toEqual([true, true, true, false]);
  });

  it('forgets idle keys after the ttl, starting them full again', () => {
    const c = clock();
    const bucket = tokenBucket({ perSecond: 0, burst: 1, ttlMs: 1000, now: c.now });
    expect([bucket.take('a'), bucket.take('a')]).toEqual([true, false]);
    c.advance(1000);
    expect(bucket.take('a')).toBe(true);
  });
});

describe('fixedWindow', () => {
  it('counts events per window from its start and resets at each boundary', () => {
    const c = clock();
    const window = fixedWindow({ events: 2, windowMs: 3600_000, now: c.now });
    expect([window.take(), window.take(), window.take()]).toEqual([true, true, false]);
    c.advance(3599_999);
    expect(window.take()).toBe(false);
    c.advance(1);
    expect([window.take(), window.take(), window.take()]).toEqual([true, true, false]);
    expect(fixedWindow({ events: 0, windowMs: 1000 }).take()).toBe(false);
  });
});

describe('authRateLimits', () => {
  it('applies the per-IP limits by default, as hosted Supabase; none with perIp off, as the Supabase CLI runs GoTrue (no rate-limit header)', () => {
    expect(DEFAULT_RATE_LIMIT.perIp).toBe(true);
    const limited = authRateLimits(DEFAULT_RATE_LIMIT, clock().now);
    for (let i = 0; i < 30; i++) limited.check('factorVerify', '10.0.0.1');
    expect(() => limited.check('factorVerify', '10.0.0.1')).toThrow('Request rate limit reached');
    const open = authRateLimits({ ...DEFAULT_RATE_LIMIT, perIp: false });
    for (let i = 0; i < 500; i++) {
      for (const route of ['signup', 'anonymous', 'token', 'verify', 'user', 'otp', 'factorVerify'] as const) open.check(route, '10.0.0.1');
    }
  });

  it('gives anonymous sign-ins anonymous_users an hour per IP, that many at once', () => {
    const c = clock();
    const limits = authRateLimits({ ...DEFAULT_RATE_LIMIT, perIp: true, anonymousUsers: 30 }, c.now);
    for (let i = 0; i < 30; i++) limits.check('anonymous', '10.0.0.1');
    expect(() => limits.check('anonymous', '10.0.0.1')).toThrow('Request rate limit reached');
    expect(() => limits.check('signup', '10.0.0.1')).not.toThrow();
    c.advance(120_000);
    expect(() => limits.check('anonymous', '10.0.0.1')).not.toThrow();
    expect(() => limits.check('anonymous', '10.0.0.1')).toThrow();
  });

  it("keeps GoTrue's separate buckets: sign-ups, user updates, tokens, verifications", () => {
    const c = clock();
    const limits = authRateLimits({ ...DEFAULT_RATE_LIMIT, perIp: true, signInSignUps: 30 }, c.now);
    for (let i = 0; i < 30; i++) limits.check('signup', '10.0.0.1');
    expect(() => limits.check('signup', '10.0.0.1')).toThrow('Request rate limit reached');
    try {
      limits.check('signup', '10.0.0.1');
    } catch (error) {
      expect(error).toMatchObject({ status: 429, errorCode: 'over_request_rate_limit' });
    }
    expect(() => limits.check('user', '10.0.0.1')).not.toThrow();
    expect(() => limits.check('token', '10.0.0.1')).not.toThrow();
    expect(() => limits.check('signup', '10.0.0.2')).not.toThrow();
    // 30 per 5 minutes: one more every 10 s.
    c.advance(10_000);
    expect(() => limits.check('signup', '10.0.0.1')).not.toThrow();
    expect(() => limits.check('signup', '10.0.0.1')).toThrow();
  });

  it("limits MFA challenges and verifications per IP at GoTrue's 15 a minute with a burst of 30: 930 guesses in an hour", () => {
    const c = clock();
    const limits = authRateLimits({ ...DEFAULT_RATE_LIMIT, perIp: true }, c.now);
    const allowed = (route: 'factorChallenge' | 'factorVerify', ip: string) => {
      try {
        limits.check(route, ip);
        return true;
      } catch (error) {
        expect(error).toMatchObject({ status: 429, errorCode: 'over_request_rate_limit' });
        return false;
      }
    };
    // A guess every second for an hour (both ends included) from one address.
    let guesses = 0;
    for (let second = 0; second <= 3600; second++) {
      if (allowed('factorVerify', '10.0.0.1')) guesses += 1;
      c.advance(1000);
    }
    expect(guesses).toBe(30 + 15 * 60);
    expect(allowed('factorChallenge', '10.0.0.1')).toBe(true);
    expect(allowed('factorVerify', '10.0.0.2')).toBe(true);
    // Four seconds bring one more guess back.
    expect(allowed('factorVerify', '10.0.0.1')).toBe(false);
    c.advance(4000);
    expect([allowed('factorVerify', '10.0.0.1'), allowed('factorVerify', '10.0.0.1')]).toEqual([true, false]);
  });

  it('caps mails at email_sent per hour for the whole server', () => {
    const c = clock();
    const limits = authRateLimits({ ...DEFAULT_RATE_LIMIT, perIp: true }, c.now);
    limits.checkMail();
    limits.checkMail();
    expect(() => limits.checkMail()).toThrow('email rate limit exceeded');
    c.advance(3600_000);
    expect(() => limits.checkMail()).not.toThrow();
  });
});

describe('checkPassword', () => {
  it("counts UTF-8 bytes as GoTrue does and answers with GoTrue's codes", () => {
    expect(checkPassword('p'.repeat(72), 6)).toHaveLength(72);
    expect(() => checkPassword('p'.repeat(73), 6)).toThrow('Password cannot be longer than 72 characters');
    expect(() => checkPassword('€'.repeat(25), 6)).toThrow('Password cannot be longer than 72 characters');
    expect(() => checkPassword('12345', 6)).toThrow('Password should be at least 6 characters.');
    expect(() => checkPassword('', 6)).toThrow('Signup requires a valid password');
  });
});

describe('checkUserMetadata', () => {
  it('accepts up to 4096 bytes of JSON and names the cap above it', () => {
    const fits = { a: 'x'.repeat(4096 - '{"a":""}'.length) };
    expect(checkUserMetadata(fits)).toBe(fits);
    expect(() => checkUserMetadata({ a: 'x'.repeat(4096) })).toThrow(/cannot be larger than 4096 bytes as JSON \(this would make it 4104\)/);
  });
});
