// The OAuth 2.1 server's admin client registry through supabase-js's auth.admin.oauth, with
// [auth.oauth_server] enabled: registration, reading, partial updates, secret regeneration and soft
// deletes on auth.oauth_clients, GoTrue's validation messages, and the service role only.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { ENGINES } from '../testEngines.ts';
import { clientFor, signedInClient } from '../testClients.ts';

const NOT_ADMIN = { status: 403, code: 'not_admin', message: 'User not allowed' };

/** A copy of the project's supabase folder with its commented [auth.oauth_server] section switched on. */
function projectWithOAuthServer(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-oauth-server-'));
  const config = readFileSync('supabase/config.toml', 'utf8');
  expect(config).toMatch(/^# \[auth\.oauth_server\]\n# enabled = true$/m);
  writeFileSync(path.join(dir, 'config.toml'), config.replace(/^# \[auth\.oauth_server\]\n# enabled = true$/m, '[auth.oauth_server]\nenabled = true'));
  symlinkSync(path.resolve('supabase/migrations'), path.join(dir, 'migrations'));
  symlinkSync(path.resolve('supabase/functions'), path.join(dir, 'functions'));
  return dir;
}

describe.each(ENGINES)('OAuth client registry on $name', (engine) => {
  let backend: RunningBackend;
  let dir: string;
  const oauth = () => clientFor(backend, backend.serviceRoleKey).auth.admin.oauth;
  beforeAll(async () => {
    dir = projectWithOAuthServer();
    if (!engine.skip) backend = await engine.start({ supabaseDir: dir });
  });
  afterAll(async () => {
    await backend?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(engine.skip)('registers a confidential client with defaults, shows its secret once and keeps only its hash', async () => {
    const { data, error } = await oauth().createClient({ client_name: 'Deck viewer', redirect_uris: ['https://example.com/callback', 'http://localhost:3000/cb'] });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      client_type: 'confidential',
      client_name: 'Deck viewer',
      redirect_uris: ['https://example.com/callback', 'http://localhost:3000/cb'],
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      registration_type: 'manual',
    });
    expect(data!.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data).not.toHaveProperty('client_uri');
    const stored = await backend.db.query<{ client_secret_hash: string }>(`select client_secret_hash from auth.oauth_clients where id = $1`, [data!.client_id]);
    expect(stored.rows[0].client_secret_hash).toBe(createHash('sha256').update(data!.client_secret!).digest('base64url'));

    const got = await oauth().getClient(data!.client_id);
    expect(got.error).toBeNull();
    expect(got.data).toEqual({ ...data, client_secret: undefined, created_at: expect.any(String), updated_at: expect.any(String) });
    expect(got.data).not.toHaveProperty('client_secret');
  });

  it.skipIf(engine.skip)('updates only the fields given, regenerates the secret, lists clients newest first and soft-deletes', async () => {
    const first = (await oauth().createClient({ client_name: 'First', redirect_uris: ['https://example.com/one'] })).data!;
    const second = (await oauth().createClient({ client_name: 'Second', redirect_uris: ['myapp://callback'] })).data!;

    const updated = await oauth().updateClient(second.client_id, { logo_uri: 'https://example.com/new.png' });
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ client_id: second.client_id, client_name: 'Second', logo_uri: 'https://example.com/new.png', redirect_uris: ['myapp://callback'] });
    // An empty name clears it, as GoTrue stores "" as null.
    expect((await oauth().updateClient(second.client_id, { client_name: '' })).data).not.toHaveProperty('client_name');

    const regenerated = await oauth().regenerateClientSecret(first.client_id);
    expect(regenerated.error).toBeNull();
    expect(regenerated.data!.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(regenerated.data!.client_secret).not.toBe(first.client_secret);

    const listed = await oauth().listClients();
    expect(listed.error).toBeNull();
    const ids = listed.data.clients.map((c) => c.client_id);
    expect(ids.indexOf(second.client_id)).toBeLessThan(ids.indexOf(first.client_id));
    expect(listed.data.clients.every((c) => !('client_secret' in c))).toBe(true);

    expect((await oauth().deleteClient(first.client_id)).error).toBeNull();
    const gone = await oauth().getClient(first.client_id);
    expect(gone.data).toBeNull();
    expect(gone.error).toMatchObject({ status: 404, code: 'oauth_client_not_found', message: 'OAuth client not found' });
    expect((await oauth().listClients()).data.clients.map((c) => c.client_id)).not.toContain(first.client_id);
    expect((await oauth().deleteClient(first.client_id)).error).toMatchObject({ status: 404, code: 'oauth_client_not_found' });
    const kept = await backend.db.query(`select 1 from auth.oauth_clients where id = $1 and deleted_at is not null`, [first.client_id]);
    expect(kept.rows).toHaveLength(1);
  });

  it.skipIf(engine.skip)('registers a public client without a secret and refuses to regenerate one', async () => {
    const { data, error } = await oauth().createClient({ client_name: 'SPA', redirect_uris: ['https://spa.example.com/cb'], token_endpoint_auth_method: 'none' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' });
    expect(data).not.toHaveProperty('client_secret');
    expect((await oauth().regenerateClientSecret(data!.client_id)).error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Cannot regenerate secret for public client',
    });
    expect((await oauth().updateClient(data!.client_id, { token_endpoint_auth_method: 'client_secret_post' })).error).toMatchObject({
      status: 400,
      message: "token_endpoint_auth_method 'client_secret_post' is not valid for client_type 'public'; valid methods: [none]",
    });
  });

  it.skipIf(engine.skip)('refuses bad registrations and updates with GoTrue codes and messages', async () => {
    const create = async (params: Record<string, unknown>) => (await oauth().createClient(params as never)).error;
    expect(await create({ client_name: 'x', redirect_uris: [] })).toMatchObject({ status: 400, code: 'validation_failed', message: '400: redirect_uris is required' });
    expect(await create({ redirect_uris: ['http://example.com/cb'] })).toMatchObject({
      message: "400: invalid redirect_uri 'http://example.com/cb': HTTP scheme only allowed for localhost",
    });
    expect(await create({ redirect_uris: ['https://example.com/cb#x'] })).toMatchObject({
      message: "400: invalid redirect_uri 'https://example.com/cb#x': fragment not allowed in redirect URI",
    });
    expect(await create({ redirect_uris: ['javascript://x/alert'] })).toMatchObject({
      message: "400: invalid redirect_uri 'javascript://x/alert': scheme 'javascript' is not allowed for security reasons",
    });
    expect(await create({ redirect_uris: ['https://example.com/cb'], grant_types: ['password'] })).toMatchObject({
      message: "400: grant_types must only contain 'authorization_code' and/or 'refresh_token'",
    });
    expect(await create({ redirect_uris: ['https://example.com/cb'], client_type: 'public', token_endpoint_auth_method: 'client_secret_post' })).toMatchObject({
      message: "400: client_type 'public' is inconsistent with token_endpoint_auth_method 'client_secret_post' (expected client_type 'confidential')",
    });
    expect(await create({ redirect_uris: 'https://example.com/cb' })).toMatchObject({ status: 400, code: 'bad_json', message: 'Invalid JSON body' });

    const id = (await oauth().createClient({ client_name: 'Plain', redirect_uris: ['https://example.com/cb'] })).data!.client_id;
    expect((await oauth().updateClient(id, {})).error).toMatchObject({ status: 400, code: 'validation_failed', message: 'No fields provided for update' });
    expect((await oauth().updateClient(id, { redirect_uris: [] })).error).toMatchObject({ status: 400, message: 'redirect_uris cannot be empty' });
    expect((await oauth().getClient('not-a-uuid')).error).toMatchObject({ status: 400, code: 'validation_failed', message: 'invalid client_id format' });
    expect((await oauth().getClient(id.replaceAll('-', ''))).data).toMatchObject({ client_id: id });
  });

  it.skipIf(engine.skip)('does not claim the server is off for the OAuth endpoints it does not serve', async () => {
    const token = await fetch(`${backend.apiUrl}/auth/v1/oauth/token`, { method: 'POST', headers: { apikey: backend.anonKey } });
    expect(token.status).toBe(404);
    expect(await token.json()).toMatchObject({ error_code: 'not_found' });
  });

  it.skipIf(engine.skip)('refuses the registry to the anon key and a signed-in user (403), and a request without a token (401)', async () => {
    const { client: user } = await signedInClient(backend);
    const id = (await oauth().createClient({ client_name: 'Plain', redirect_uris: ['https://example.com/cb'] })).data!.client_id;
    for (const api of [clientFor(backend).auth.admin.oauth, user.auth.admin.oauth]) {
      const calls = [
        api.listClients(),
        api.createClient({ client_name: 'nope', redirect_uris: ['https://example.com/cb'] }),
        api.getClient(id),
        api.updateClient(id, { client_name: 'nope' }),
        api.deleteClient(id),
        api.regenerateClientSecret(id),
      ];
      for (const { error } of await Promise.all(calls)) expect(error).toMatchObject(NOT_ADMIN);
    }
    const bare = await fetch(`${backend.apiUrl}/auth/v1/admin/oauth/clients`, { headers: { apikey: backend.anonKey } });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ code: 401, error_code: 'no_authorization', msg: 'This endpoint requires a valid Bearer token' });
    // The table is the auth server's alone: the API roles cannot read it.
    const viaRest = await clientFor(backend, backend.serviceRoleKey).schema('auth' as never).from('oauth_clients').select('id');
    expect(viaRest.error).not.toBeNull();
    expect((await oauth().getClient(id)).data).toMatchObject({ client_id: id });
  });
});
