import type { BackendContext } from '../BackendContext.ts';
import { jwtRefusal } from './storageCaller.ts';
import { storageErrors } from './StorageError.ts';

/** How long a signed upload URL lasts (the Supabase CLI's SIGNED_UPLOAD_URL_EXPIRATION_TIME). */
export const SIGNED_UPLOAD_SECONDS = 7200;

/** The claims of a signed URL's token: the object it opens and what it may do there. */
export interface SignedClaims {
  url: string;
  exp: number;
  scope?: 'download' | 'upload';
  transformations?: string;
  owner?: string;
  upsert?: boolean;
}

/** Refuses an expiresIn that is not a whole number of seconds a JWT can carry. */
export function checkExpiresIn(expiresIn: number): void {
  const exp = Math.floor(Date.now() / 1000) + expiresIn;
  if (!Number.isSafeInteger(exp) || exp > 253_402_300_799) throw storageErrors.invalidParameter('expiresIn', 'expiresIn is too large');
}

/** A download token for `<bucket>/<name>` (and the transformations of a render URL), signed with the project's key. */
export function signDownload(ctx: BackendContext, url: string, expiresIn: number, transformations?: string): Promise<string> {
  return ctx.keys.sign({ url, ...(transformations ? { transformations } : {}), scope: 'download' }, expiresIn);
}

/** An upload token for `<bucket>/<name>`: whose the object becomes, and whether it may replace one. */
export function signUpload(ctx: BackendContext, url: string, owner: string | undefined, upsert: boolean): Promise<string> {
  return ctx.keys.sign({ ...(owner ? { owner } : {}), url, upsert, scope: 'upload' }, SIGNED_UPLOAD_SECONDS);
}

/**
 * The claims of a signed URL's token, checked as the storage server checks
 * them: a valid signature (400 InvalidJWT with jose's reason otherwise, an
 * expired token included), issued for this action (a download token never
 * uploads, nor the other way round) and for this very object (400
 * InvalidSignature).
 */
export async function verifySigned(ctx: BackendContext, token: string, bucketId: string, name: string, scope: 'download' | 'upload'): Promise<SignedClaims> {
  const verified = await ctx.keys.verify(token);
  if ('reason' in verified) throw storageErrors.invalidJwt(jwtRefusal(token, verified.reason));
  const claims = verified.claims as unknown as SignedClaims & Record<string, unknown>;
  const legacyUpload = claims.scope === undefined && 'upsert' in claims;
  const fits = scope === 'upload' ? claims.scope === 'upload' || legacyUpload : claims.scope === 'download' || (claims.scope === undefined && !legacyUpload);
  if (!fits || typeof claims.url !== 'string') throw storageErrors.invalidSignature(`Token is not scoped for ${scope}`);
  if (claims.url !== `${bucketId}/${name}`) throw storageErrors.invalidSignature();
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) throw storageErrors.expiredSignature();
  return claims;
}
