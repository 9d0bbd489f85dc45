/**
 * The one supabase client, created from the build-time backend settings
 * (the embedded backend in dev and tests, SITE_SUPABASE_URL /
 * SITE_SUPABASE_ANON_KEY in production). supabase-js is imported lazily:
 * only a widget that really calls the backend pays for it.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';

declare const __SITE_BACKEND__: { url: string; anonKey: string } | null | undefined;

export const backendSettings: { url: string; anonKey: string } | null =
  typeof __SITE_BACKEND__ !== 'undefined' ? __SITE_BACKEND__ ?? null : null;

/** Where supabase-js keeps the session; the nav reads it without loading supabase-js. */
export const AUTH_STORAGE_KEY = 'sb-site-auth-token';

export class BackendMissingError extends Error {
  constructor() {
    super('This site was built without backend settings (SITE_SUPABASE_URL and SITE_SUPABASE_ANON_KEY).');
    this.name = 'BackendMissingError';
  }
}

let client: Promise<SupabaseClient<Database>> | undefined;

export function getSupabase(): Promise<SupabaseClient<Database>> {
  if (!backendSettings) return Promise.reject(new BackendMissingError());
  const { url, anonKey } = backendSettings;
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient<Database>(url, anonKey, {
      auth: { storageKey: AUTH_STORAGE_KEY, persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    }),
  );
  return client;
}
