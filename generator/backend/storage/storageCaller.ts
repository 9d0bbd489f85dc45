import type { BackendContext } from '../BackendContext.ts';
import type { Database, Queryable } from '../Database.ts';
import type { JwtKeys } from '../createJwtKeys.ts';
import { apiKeyOf, bearerToken, mintedFor } from '../keys/apiGateway.ts';
import { storageErrors } from './StorageError.ts';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** Who calls the Storage API: the role and claims of the request's JWT. */
export interface StorageCaller {
  role: 'anon' | 'authenticated' | 'service_role';
  claims: Record<string, unknown>;
  /** The JWT's `sub`: the owner of what the caller uploads. */
  owner?: string;
  /** False when a route that allows it was called without a valid JWT (public buckets only). */
  authenticated: boolean;
  jwt: string;
}

/**
 * Pure: the JWT the storage server gets, as the Supabase CLI's gateway
 * forwards it: the request's Authorization bearer (unless it is an
 * `sb_...` API key), else the apikey header, else nothing. A publishable or
 * secret key stands for its role (the legacy anon or service-role key), as
 * the gateway mints a JWT for it.
 */
export function storageToken(request: Request, keys: Pick<JwtKeys, 'anonKey' | 'serviceRoleKey' | 'publishableKey' | 'secretKey'>): string {
  const bearer = bearerToken(request);
  const token = bearer !== null && !bearer.startsWith('sb_') ? bearer : (apiKeyOf(request) ?? bearer ?? '');
  return mintedFor(token, keys) ?? token;
}

/** Pure: jose's words for why a token was refused, which the storage server passes on. */
export function jwtRefusal(token: string, reason: 'expired' | 'invalid'): string {
  if (reason === 'expired') return '"exp" claim timestamp check failed';
  return token.split('.').length === 3 ? 'signature verification failed' : 'Invalid Compact JWS';
}

/**
 * The caller of a storage request. Without a valid JWT it throws AccessDenied
 * with jose's reason (400, as the storage server answers), unless
 * `allowAnonymous`: then the caller is anon and not authenticated.
 */
export async function storageCaller(request: Request, ctx: BackendContext, allowAnonymous = false): Promise<StorageCaller> {
  const jwt = storageToken(request, ctx.keys);
  const anonymous: StorageCaller = { role: 'anon', claims: { role: 'anon' }, authenticated: false, jwt: '' };
  if (!jwt && allowAnonymous) return anonymous;
  const verified = await ctx.keys.verify(jwt);
  if ('reason' in verified) {
    if (allowAnonymous) return anonymous;
    throw storageErrors.accessDenied(jwtRefusal(jwt, verified.reason));
  }
  const claims = verified.claims as Record<string, unknown>;
  const role = String(claims.role ?? '');
  if (!API_ROLES.has(role)) throw storageErrors.accessDenied(`role "${role}" does not exist`);
  const sub = typeof claims.sub === 'string' ? claims.sub : undefined;
  return { role: role as StorageCaller['role'], claims, ...(sub ? { owner: sub } : {}), authenticated: true, jwt };
}

/** Refuses callers other than the service role (the storage server's enforceJwtRole). */
export function requireServiceRole(caller: StorageCaller): void {
  if (caller.role !== 'service_role') throw storageErrors.accessDenied('Access denied: Invalid role', 403);
}

/**
 * Runs fn in one transaction as the storage server scopes its queries: SET
 * LOCAL ROLE to the caller's role, the JWT's claims in request.jwt.claims
 * (and .claim.sub, .claim.role), the operation in storage.operation, and
 * storage.allow_delete_query, so the caller's row-level security applies.
 */
export function asCaller<T>(db: Database, caller: StorageCaller, operation: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  if (!API_ROLES.has(caller.role)) throw new Error(`unknown API role ${caller.role}`);
  return db.transaction(async (tx) => {
    await tx.exec(`set local role ${caller.role}`);
    await tx.query(
      `select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.role', $2, true), set_config('request.jwt.claim.sub', $3, true),
        set_config('request.jwt', $4, true), set_config('storage.operation', $5, true), set_config('storage.allow_delete_query', 'true', true)`,
      [JSON.stringify(caller.claims), caller.role, caller.owner ?? '', caller.jwt, operation],
    );
    return fn(tx);
  });
}

/** Runs fn in one transaction as the database owner (no row-level security), as the storage server's superuser queries. */
export function asOwner<T>(db: Database, operation: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('storage.operation', $1, true), set_config('storage.allow_delete_query', 'true', true)`, [operation]);
    return fn(tx);
  });
}

/** Thrown to roll back a transaction that only tested whether the caller may write. */
class Rollback extends Error {}

/** Runs fn as the caller and rolls it back: whether the caller's policies allow the writes (errors pass through). */
export async function testPermission(db: Database, caller: StorageCaller, operation: string, fn: (tx: Queryable) => Promise<unknown>): Promise<void> {
  try {
    await asCaller(db, caller, operation, async (tx) => {
      await fn(tx);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
}
