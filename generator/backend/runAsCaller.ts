import type { Database, Queryable } from './Database.ts';
import type { Caller } from './BackendContext.ts';

/**
 * Runs fn in one transaction set up as PostgREST sets it up: SET LOCAL ROLE
 * to the caller's role and the JWT claims in request.jwt.claims, so
 * auth.uid(), auth.role(), grants and row-level security behave as hosted.
 */
export async function runAsCaller<T>(
  db: Database,
  caller: Caller,
  request: { method: string; path: string },
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  if (!['anon', 'authenticated', 'service_role'].includes(caller.role)) throw new Error(`unknown API role ${caller.role}`);
  return db.transaction(async (tx) => {
    await tx.exec(`set local role ${caller.role}`);
    await tx.query(
      `select set_config('request.jwt.claims', $1, true), set_config('request.method', $2, true), set_config('request.path', $3, true)`,
      [JSON.stringify(caller.claims), request.method, request.path],
    );
    return fn(tx);
  });
}
