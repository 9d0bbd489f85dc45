import { jsonResponse } from '../jsonResponse.ts';

/**
 * The answers of Supabase's functions gateway and edge runtime when the
 * function itself does not answer: the hosted gateway's NOT_FOUND and its
 * `verify_jwt` check (UNAUTHORIZED_*), the edge runtime's BOOT_ERROR,
 * WORKER_ERROR and WORKER_LIMIT (as the CLI's serve template words them).
 */
export const functionErrors = {
  notFound: () => jsonResponse(404, { code: 'NOT_FOUND', message: 'Requested function was not found' }),
  /** The process did not start listening (a syntax error, a failed import, no Deno). */
  bootError: () => jsonResponse(503, { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' }),
  /** The process exited or dropped the connection before answering. */
  workerError: () => jsonResponse(500, { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }),
  /** No answer within the wall-clock limit, or stopped at its memory limit. */
  workerLimit: () => jsonResponse(546, { code: 'WORKER_LIMIT', message: 'Worker failed to respond due to a resource limit (please check logs)' }),
  missingAuthorization: () => jsonResponse(401, { code: 'UNAUTHORIZED_NO_AUTH_HEADER', message: 'Missing authorization header' }),
  notBearer: () => jsonResponse(401, { code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: "Auth header is not 'Bearer {token}'" }),
  invalidJwt: () => jsonResponse(401, { code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT' }),
};
