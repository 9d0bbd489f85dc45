// A data dir bootstrapped before the MFA, PKCE and OAuth client tables gets them on its next start, and sign-in keeps working.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { clientFor, uniqueEmail } from '../testClients.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-backend-auth-upgrade-'));
let backend: RunningBackend | undefined;
afterAll(async () => {
  await backend?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('auth schema of an older data dir', () => {
  it('is brought up to date on start', { timeout: 120_000 }, async () => {
    backend = await startBackend({ port: 0, dataDir, bcryptCost: 4, seed: false, enableConfirmations: false });
    const email = uniqueEmail();
    expect((await clientFor(backend).auth.signUp({ email, password: 'correct horse' })).error).toBeNull();
    // As the database was before these objects existed.
    await backend.db.exec(`
      drop table auth.flow_state, auth.mfa_amr_claims, auth.mfa_challenges, auth.mfa_factors;
      drop table auth.oauth_clients;
      drop type auth.factor_type, auth.factor_status, auth.code_challenge_method, auth.oauth_registration_type, auth.oauth_client_type;
      alter table auth.sessions drop column factor_id;
    `);
    await backend.close();

    backend = await startBackend({ port: 0, dataDir, bcryptCost: 4, seed: false, enableConfirmations: false });
    const client = clientFor(backend);
    expect((await client.auth.signInWithPassword({ email, password: 'correct horse' })).error).toBeNull();
    expect((await client.auth.mfa.enroll({ factorType: 'totp' })).error).toBeNull();
    const present = await backend.db.query<{ n: number }>(
      `select count(*)::int as n from unnest(array['auth.flow_state', 'auth.mfa_amr_claims', 'auth.mfa_challenges', 'auth.mfa_factors', 'auth.oauth_clients']) t where to_regclass(t) is not null`,
    );
    expect(present.rows[0].n).toBe(5);
  });
});
