/**
 * This site's backend client: the engine's (skerry/client), typed with the site's Database
 * (database.types.ts, from `site gen types`). The client is created from the build's backend settings
 * and supabase-js is loaded lazily, on first call.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { AUTH_STORAGE_KEY, BackendMissingError, backend, backendSettings as buildSettings } from 'skerry/client';
import type { Database } from './database.types.ts';

export { AUTH_STORAGE_KEY, BackendMissingError };

/** The backend settings the widgets were built with; null without any. */
export const backendSettings = buildSettings();

export const getSupabase = (): Promise<SupabaseClient<Database>> => backend<Database>();
