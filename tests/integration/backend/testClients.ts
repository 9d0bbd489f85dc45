import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { setAdminRole } from '../../../generator/backend/setAdminRole.ts';

/** Node 20 has no WebSocket; the site never uses realtime, so any attempt should fail loudly. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used by the site');
  }
}

/** The real supabase-js client, as the widgets create it, pointed at the embedded backend. */
export function clientFor(backend: Pick<RunningBackend, 'apiUrl' | 'anonKey'>, key = backend.anonKey): SupabaseClient {
  return createClient(backend.apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    realtime: { transport: NoWebSocket as any },
  });
}

/** A client in the PKCE flow (flowType 'pkce'), with an in-memory storage for its code verifier. */
export function pkceClient(backend: { apiUrl: string; anonKey: string }): SupabaseClient {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  return createClient(backend.apiUrl, backend.anonKey, {
    auth: { flowType: 'pkce', storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    realtime: { transport: NoWebSocket as any },
  });
}

let counter = 0;
/** A fresh unique address per call, so tests sharing a backend never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${Date.now()}.${counter}@example.com`;
}

/** Signs up (confirmations off) and returns a signed-in client. */
export async function signedInClient(backend: RunningBackend, email = uniqueEmail()): Promise<{ client: SupabaseClient; email: string; userId: string }> {
  const client = clientFor(backend);
  const { data, error } = await client.auth.signUp({ email, password: 'correct horse' });
  if (error || !data.session || !data.user) throw error ?? new Error('sign-up returned no session');
  return { client, email, userId: data.user.id };
}

/** A signed-in client whose user holds the admin role (granted as the database owner, like the SQL editor). */
export async function adminClient(backend: RunningBackend): Promise<{ client: SupabaseClient; email: string; userId: string }> {
  const signedIn = await signedInClient(backend, uniqueEmail('admin'));
  await setAdminRole(backend.db, signedIn.email, true);
  return signedIn;
}
