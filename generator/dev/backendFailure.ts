import { SiteError } from '../core/errors.ts';

/**
 * What `site dev` prints when its embedded backend cannot start (the site
 * itself keeps serving): a taken backend port names --backend-port, any
 * other BackendError (DataDirInUse, a failed migration) keeps its code,
 * message and hint. null: not a BackendError (printed as an internal error).
 */
export function backendFailure(e: unknown, backendPort: number, host = '127.0.0.1'): SiteError | null {
  const b = e as { name?: string; code?: string; message?: string; hint?: string } | null;
  if (!b || b.name !== 'BackendError') return null;
  if (b.code === 'BackendPortInUse') return new SiteError('PortInUse', { port: backendPort, host, flag: '--backend-port' });
  return new SiteError('BackendFailed', { code: b.code ?? 'unknown', reason: b.message ?? String(e), hint: b.hint });
}
