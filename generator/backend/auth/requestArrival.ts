import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * When the request being answered reached the backend. The mail limit
 * (authMails.ts) judges a request by it, not by when its turn came: of
 * requests that arrived together, however long each then waited (a password
 * hashed, a row lock, PGlite's one connection), only the first mails.
 */
const arrivals = new AsyncLocalStorage<Date>();

/** Runs `answer` as the request that arrives now. */
export function arriving<T>(answer: () => T): T {
  return arrivals.run(new Date(), answer);
}

/** When the request being answered arrived; outside one, now. */
export function arrivedAt(): Date {
  return arrivals.getStore() ?? new Date();
}
