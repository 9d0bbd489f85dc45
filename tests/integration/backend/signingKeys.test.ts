// Asymmetric JWT signing keys on PGlite and on a PostgreSQL server: a fresh project signs access tokens
// with an ES256 key of its own, published with its kid, so supabase-js's getClaims() verifies them
// without asking the server; [auth] signing_keys_path takes the CLI's key file (RS256 too), and a key
// rotated out (listed with key_ops ["verify"]) still verifies its tokens until it is removed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { newSigningKey } from '../../../generator/backend/keys/dataDirKeys.ts';
import type { PrivateJwk } from '../../../generator/backend/keys/signingKeys.ts';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { uniqueEmail } from './testClients.ts';
import { ENGINES, type TestEngine } from './testEngines.ts';

class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used');
  }
}

const WHOAMI = `
  create function public.signing_whoami() returns text language sql stable as $$ select coalesce(auth.uid()::text, auth.role()) $$;
  grant execute on function public.signing_whoami() to anon, authenticated, service_role;
`;

/** supabase-js whose every request is noted in `requests` (method and path). */
function countingClient(backend: RunningBackend, requests: string[]) {
  return createClient(backend.apiUrl, backend.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: {
      fetch: (input, init) => {
        requests.push(`${init?.method ?? 'GET'} ${new URL(input instanceof Request ? input.url : String(input)).pathname}`);
        return fetch(input, init);
      },
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    realtime: { transport: NoWebSocket as any },
  });
}

const header = (token: string) => JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()) as { alg: string; kid?: string };

describe.each(ENGINES)('$name', (engine) => {
  if (engine.skip) {
    it.skip(`skipped: ${engine.skip}`, () => {});
    return;
  }
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A project whose config.toml names a signing_keys.json holding `keys`. */
  async function withKeys(keys: PrivateJwk[]): Promise<RunningBackend> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'site-signing-keys-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'config.toml'), '[auth]\nsigning_keys_path = "./signing_keys.json"\n');
    writeFileSync(path.join(dir, 'signing_keys.json'), JSON.stringify(keys, null, 2));
    const backend = await engine.start({ supabaseDir: dir });
    await backend.db.exec(WHOAMI);
    await backend.reloadCatalog();
    return backend;
  }

  describe('a fresh project', () => {
    let backend: RunningBackend;
    beforeAll(async () => {
      backend = await (engine as TestEngine).start();
    }, 120_000);
    afterAll(async () => backend?.close());

    it('signs with an ES256 key of its own, published with its kid, and getClaims() asks the server nothing', async () => {
      const jwks = await (await fetch(`${backend.apiUrl}/auth/v1/.well-known/jwks.json`)).json();
      expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', key_ops: ['verify'], kid: expect.any(String) })]);
      expect(jwks.keys[0]).not.toHaveProperty('d');
      const requests: string[] = [];
      const client = countingClient(backend, requests);
      const { data, error } = await client.auth.signUp({ email: uniqueEmail('claims'), password: 'correct horse' });
      expect(error).toBeNull();
      expect(header(data.session!.access_token)).toEqual({ alg: 'ES256', kid: jwks.keys[0].kid, typ: 'JWT' });

      requests.length = 0;
      const first = await client.auth.getClaims();
      expect(first.error).toBeNull();
      expect(first.data?.claims.sub).toBe(data.user!.id);
      expect(requests).toEqual(['GET /auth/v1/.well-known/jwks.json']);
      requests.length = 0;
      expect((await client.auth.getClaims()).data?.claims.sub).toBe(data.user!.id);
      expect(requests).toEqual([]);
    });

    it('still takes the legacy HS256 keys', async () => {
      for (const key of [backend.anonKey, backend.serviceRoleKey]) {
        expect(header(key).alg).toBe('HS256');
        const response = await fetch(`${backend.apiUrl}/auth/v1/settings`, { headers: { apikey: key, Authorization: `Bearer ${key}` } });
        expect(response.status).toBe(200);
      }
    });
  });

  it('verifies the tokens of a rotated-out key while it is listed, and refuses them once it is removed', async () => {
    const previous = newSigningKey('ES256');
    const next = newSigningKey('ES256');
    let backend = await withKeys([previous]);
    const signUp = await countingClient(backend, []).auth.signUp({ email: uniqueEmail('rotation'), password: 'correct horse' });
    const token = signUp.data.session!.access_token;
    expect(header(token).kid).toBe(previous.kid);
    await backend.close();

    backend = await withKeys([next, { ...previous, key_ops: ['verify'] }]);
    try {
      const whoami = await fetch(`${backend.apiUrl}/rest/v1/rpc/signing_whoami`, { method: 'POST', headers: { apikey: backend.publishableKey, Authorization: `Bearer ${token}` } });
      expect(await whoami.json()).toBe(signUp.data.user!.id);
      const jwks = await (await fetch(`${backend.apiUrl}/auth/v1/.well-known/jwks.json`)).json();
      expect(jwks.keys.map((k: { kid: string }) => k.kid)).toEqual([next.kid, previous.kid]);
      const claims = await countingClient(backend, []).auth.getClaims(token);
      expect(claims.error).toBeNull();
      const fresh = await countingClient(backend, []).auth.signUp({ email: uniqueEmail('rotation'), password: 'correct horse' });
      expect(header(fresh.data.session!.access_token).kid).toBe(next.kid);
    } finally {
      await backend.close();
    }

    backend = await withKeys([next]);
    try {
      const refused = await fetch(`${backend.apiUrl}/rest/v1/rpc/signing_whoami`, { method: 'POST', headers: { apikey: backend.publishableKey, Authorization: `Bearer ${token}` } });
      expect(refused.status).toBe(401);
      expect((await refused.json()).code).toBe('PGRST301');
      const user = await fetch(`${backend.apiUrl}/auth/v1/user`, { headers: { apikey: backend.publishableKey, Authorization: `Bearer ${token}` } });
      expect(user.status).toBe(403);
      expect((await user.json()).error_code).toBe('bad_jwt');
    } finally {
      await backend.close();
    }
  });

  it('signs with an RS256 key of the file, which getClaims() verifies too', async () => {
    const rsa = newSigningKey('RS256');
    const backend = await withKeys([rsa]);
    try {
      const client = countingClient(backend, []);
      const { data } = await client.auth.signUp({ email: uniqueEmail('rsa'), password: 'correct horse' });
      expect(header(data.session!.access_token)).toMatchObject({ alg: 'RS256', kid: rsa.kid });
      expect((await client.auth.getClaims()).data?.claims.sub).toBe(data.user!.id);
    } finally {
      await backend.close();
    }
  });
});
