/**
 * At most `events` per window, counted from the limiter's start and reset
 * at every window boundary: GoTrue's IntervalLimiter, which caps the mails
 * sent per hour (`[auth.rate_limit] email_sent`). The clock is injected.
 */
export interface FixedWindow {
  /** Counts one event; false when the window is full. */
  take(): boolean;
}

export function fixedWindow(options: { events: number; windowMs: number; now?: () => number }): FixedWindow {
  const now = options.now ?? Date.now;
  let start = now();
  let count = 0;
  return {
    take() {
      const t = now();
      const windows = Math.floor((t - start) / options.windowMs);
      if (windows > 0) {
        start += windows * options.windowMs;
        count = 0;
      }
      if (count >= options.events) return false;
      count += 1;
      return true;
    },
  };
}
