/**
 * The backend client for islands (`import { backend } from 'skerry/client'`): one supabase-js client,
 * created from the backend settings the build gave the widget bundle (the embedded backend in dev and
 * tests, SITE_SUPABASE_URL / SITE_SUPABASE_PUBLISHABLE_KEY in production). supabase-js is imported lazily:
 * only an island that really calls the backend pays for loading it. A site types its tables with its
 * own Database type (`site gen types`): `backend<Database>()`.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

/** Where the backend answers and the key a browser may hold. */
export interface BackendSettings {
  url: string;
  /** The publishable key (sb_publishable_…), or the legacy anon key. */
  anonKey: string;
}

/** Set by the widget bundle (generator/assets/bundleWidgets.ts: define); a test sets it on globalThis before importing this module. */
declare const __SITE_BACKEND__: BackendSettings | null | undefined;

/**
 * Read once, as the constant the bundle defines: in a build without settings it folds to null, and the
 * bundler drops supabase-js from what backend() can load (no island counts it against its budget).
 */
const settings: BackendSettings | null = typeof __SITE_BACKEND__ !== 'undefined' ? (__SITE_BACKEND__ ?? null) : null;

/** The settings this bundle was built with; null when the site was built without any. */
export function backendSettings(): BackendSettings | null {
  return settings;
}

/** Where supabase-js keeps the signed-in user's tokens (a page may read them without loading supabase-js). */
export const AUTH_STORAGE_KEY = 'sb-site-auth-token';

/** The site was built without backend settings: there is no backend to call. */
export class BackendMissingError extends Error {
  constructor() {
    super(
      'This site was built without backend settings. Hint: set SITE_SUPABASE_URL and SITE_SUPABASE_PUBLISHABLE_KEY when building for production; `site dev` passes its embedded backend on its own.',
    );
    this.name = 'BackendMissingError';
  }
}

// Made once per page; its Database type is the caller's to choose.
type AnyClient = SupabaseClient<any>;
let client: Promise<AnyClient> | undefined;

/**
 * The page's supabase-js client, loaded on first call; rejects with BackendMissingError when the
 * site was built without backend settings.
 */
export function backend<Database = any>(): Promise<SupabaseClient<Database>> {
  if (!settings) return Promise.reject(new BackendMissingError());
  const { url, anonKey } = settings;
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient(url, anonKey, {
      auth: { storageKey: AUTH_STORAGE_KEY, persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    }),
  );
  return client as unknown as Promise<SupabaseClient<Database>>;
}
