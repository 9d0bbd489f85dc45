/**
 * Reads the stored session cheaply, without supabase-js: a session is valid
 * only with access_token, refresh_token and expires_at (spec section 4).
 */
import { AUTH_STORAGE_KEY } from './supabase.ts';

export function hasStoredSession(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    const raw = storage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return false;
    const s = JSON.parse(raw) as Record<string, unknown>;
    return typeof s.access_token === 'string' && typeof s.refresh_token === 'string' && typeof s.expires_at === 'number';
  } catch {
    return false;
  }
}
