// @vitest-environment happy-dom
/**
 * generator/islands/client.ts ('skerry/client'): the backend client islands share, from the settings the
 * widget bundle was built with (here set on globalThis, as the bundle's define would), with real supabase-js.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';

/** The module as a bundle built with these settings has it (it reads them once, as the bundle's constant). */
async function builtWith(settings: unknown) {
  global.__SITE_BACKEND__ = settings;
  vi.resetModules();
  return import('../../../generator/islands/client.ts');
}

const global = globalThis as { __SITE_BACKEND__?: unknown };
// The settings gone, and with them the module read with them: a file after this one that imports it reads none.
afterAll(() => {
  delete global.__SITE_BACKEND__;
  vi.resetModules();
});

interface Database {
  public: {
    Tables: { notes: { Row: { id: number; body: string }; Insert: { body: string }; Update: { body?: string }; Relationships: [] } };
    Views: Record<string, never>;
    Functions: Record<string, never>;
  };
}

describe('backend()', () => {
  it('rejects with BackendMissingError, and its hint, when the site was built without settings', async () => {
    const { BackendMissingError, backend, backendSettings } = await builtWith(null);
    expect(backendSettings()).toBeNull();
    const failure = await backend().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(BackendMissingError);
    expect((failure as Error).message).toContain('Hint: set SITE_SUPABASE_URL and SITE_SUPABASE_PUBLISHABLE_KEY');
  });

  it("gives one supabase-js client for the build's backend, typed by the site's Database", async () => {
    const { AUTH_STORAGE_KEY, backend } = await builtWith({ url: 'http://127.0.0.1:54321', anonKey: 'anon-key' });
    const db = await backend<Database>();
    expect(await backend<Database>()).toBe(db);
    // The request the query would send (PostgrestBuilder keeps it as its url).
    const query = db.from('notes').select('body') as unknown as { url: URL };
    expect(String(query.url)).toBe('http://127.0.0.1:54321/rest/v1/notes?select=body');
    expect(AUTH_STORAGE_KEY).toBe('sb-site-auth-token');
  });
});
