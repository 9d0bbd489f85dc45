// Magic links and password recovery in the PKCE flow through supabase-js (flowType 'pkce'): the mailed link
// redirects with ?code=, and exchangeCodeForSession signs in with the verifier the client kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { latestMailTo, linkIn } from '../testInbox.ts';
import { pkceClient, uniqueEmail } from '../testClients.ts';

/** Follows a mailed link as a browser would and returns where it redirects. */
async function follow(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
}

describe('PKCE magic links and recovery', () => {
  let backend: RunningBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(() => backend?.close());

  it('signInWithOtp: the link redirects with ?code= and the code signs in once', async () => {
    const email = uniqueEmail('pkce-otp');
    const client = pkceClient(backend);
    expect((await client.auth.signInWithOtp({ email, options: { emailRedirectTo: 'http://localhost:4321/' } })).error).toBeNull();
    const link = linkIn(await latestMailTo(backend.inboxUrl!, email));
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);
    const location = await follow(link);
    const code = location.searchParams.get('code');
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    expect(location.hash).toBe('');
    const { data, error } = await client.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    // Used once: the code is gone from the server, whatever verifier comes with it.
    const again = await fetch(`${backend.apiUrl}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(again.status).toBe(404);
    expect((await again.json()).error_code).toBe('flow_state_not_found');
  });

  it('resetPasswordForEmail: the link redirects with ?code=, the session it gives sets a new password', async () => {
    const email = uniqueEmail('pkce-recover');
    const signUp = await pkceClient(backend).auth.signUp({ email, password: 'correct horse' });
    expect(signUp.error).toBeNull();
    const client = pkceClient(backend);
    expect((await client.auth.resetPasswordForEmail(email, { redirectTo: 'http://localhost:4321/auth' })).error).toBeNull();
    const location = await follow(linkIn(await latestMailTo(backend.inboxUrl!, email)));
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:4321/auth');
    const { error } = await client.auth.exchangeCodeForSession(location.searchParams.get('code')!);
    expect(error).toBeNull();
    expect((await client.auth.updateUser({ password: 'battery staple' })).error).toBeNull();
    expect((await pkceClient(backend).auth.signInWithPassword({ email, password: 'battery staple' })).error).toBeNull();
  });
});
