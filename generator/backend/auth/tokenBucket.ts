/**
 * A token bucket per key, as GoTrue's per-IP limits work (tollbooth over
 * golang.org/x/time/rate): every key starts with `burst` tokens, a request
 * takes one, tokens come back at `perSecond` up to `burst`. Pure apart from
 * the clock, which is injected. Keys idle for `ttlMs` are forgotten, so the
 * map stays small.
 */
export interface TokenBucket {
  /** Takes a token for `key`; false when there is none (the request is over the limit). */
  take(key: string): boolean;
}

export function tokenBucket(options: { perSecond: number; burst: number; ttlMs?: number; now?: () => number }): TokenBucket {
  const { perSecond, burst } = options;
  const ttlMs = options.ttlMs ?? 3600_000;
  const now = options.now ?? Date.now;
  const buckets = new Map<string, { tokens: number; at: number }>();
  let lastSweep = now();

  function sweep(t: number): void {
    if (t - lastSweep < ttlMs) return;
    lastSweep = t;
    for (const [key, bucket] of buckets) if (t - bucket.at >= ttlMs) buckets.delete(key);
  }

  return {
    take(key) {
      const t = now();
      sweep(t);
      const bucket = buckets.get(key) ?? { tokens: burst, at: t };
      const tokens = Math.min(burst, bucket.tokens + (Math.max(0, t - bucket.at) / 1000) * perSecond);
      if (tokens < 1) {
        buckets.set(key, { tokens, at: t });
        return false;
      }
      buckets.set(key, { tokens: tokens - 1, at: t });
      return true;
    },
  };
}
