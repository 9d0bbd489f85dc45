// The backend on a real PostgreSQL server: bootstrap.sql, every migration and
// seed.sql apply cleanly, the CLI's migrations table records them, and what
// supabase-js sends over HTTP lands in that server.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { adminGrant, adminRevoke, backendStatus, runBackend } from '../../../generator/backend/commands.ts';
import { migrationFiles } from '../../../generator/backend/migrationFiles.ts';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';
import { clientFor, uniqueEmail } from './testClients.ts';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from './testPostgres.ts';

const SUPABASE_DIR = path.resolve('supabase');
const skip = postgresUnavailable();

describe.skipIf(skip !== null)(`on a PostgreSQL server${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let database: TestDatabase;
  let server: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = new pg.Client({ connectionString: database.url });
    await server.connect();
  });
  afterAll(async () => {
    await server?.end();
    await database?.drop();
  });

  it('applies bootstrap, migrations and seed once, and schema_migrations records each migration', async () => {
    const backend = await startTestBackend({ databaseUrl: database.url, seed: true, supabaseDir: SUPABASE_DIR });
    await backend.close();

    const version = await server.query<{ server_version_num: string }>('show server_version_num');
    expect(Number(version.rows[0].server_version_num)).toBeGreaterThanOrEqual(150000);
    const recorded = await server.query<{ version: string; name: string; statements: string[] }>(
      'select version, name, statements from supabase_migrations.schema_migrations order by version',
    );
    const files = migrationFiles(SUPABASE_DIR);
    expect(files.length).toBeGreaterThan(0);
    expect(recorded.rows).toEqual(files.map((f) => ({ version: f.version, name: f.name, statements: [f.sql] })));
    const roles = await server.query<{ rolname: string }>(`select rolname from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by 1`);
    expect(roles.rows.map((r) => r.rolname)).toEqual(['anon', 'authenticated', 'service_role']);
    const seeded = await server.query<{ email: string }>('select email from public.contact_submissions order by email');
    expect(seeded.rows.map((r) => r.email)).toEqual(['ada@example.com', 'ben@example.org']);

    // A second start finds everything applied: no migration runs twice, the seed does not run again.
    const again = await startTestBackend({ databaseUrl: database.url, seed: true, supabaseDir: SUPABASE_DIR });
    await again.close();
    expect((await server.query('select 1 from supabase_migrations.schema_migrations')).rowCount).toBe(files.length);
    expect((await server.query('select 1 from public.contact_submissions')).rowCount).toBe(2);
  });

  it('stores what supabase-js inserts over HTTP in the server, with the API roles and row-level security', async () => {
    const backend = await startTestBackend({ databaseUrl: database.url, supabaseDir: SUPABASE_DIR });
    try {
      const email = uniqueEmail('server');
      const { error, status } = await clientFor(backend).from('waitlist').insert({
        name: 'Grace',
        email,
        favorite_part: 'Themes',
        desired_features: 'Charts',
        willing_to_give_feedback: true,
      });
      expect(error).toBeNull();
      expect(status).toBe(201);
      const stored = await server.query<{ name: string }>('select name from public.waitlist where email = $1', [email]);
      expect(stored.rows).toEqual([{ name: 'Grace' }]);
      // Visitors cannot read the list back: the grant is the server's, not the adapter's.
      const read = await clientFor(backend).from('waitlist').select('*');
      expect(read.error?.code).toBe('42501');
      expect(read.status).toBe(401);
    } finally {
      await backend.close();
    }
  });

  it('site backend --db-url serves the server, and site admin grant|revoke --db-url change roles there, running or not', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-backend-db-url-'));
    const options = { port: 0, dataDir, databaseUrl: database.url, supabaseDir: SUPABASE_DIR };
    const stop = new AbortController();
    const lines: string[] = [];
    const running = runBackend({ ...options, signal: stop.signal, log: (line) => lines.push(line) });
    try {
      await expect.poll(async () => (await backendStatus(options)).running, { timeout: 30_000 }).toBe(true);
      expect(lines.join('\n')).toContain(`database          ${database.url}`);
      const email = uniqueEmail('lead');
      const signUp = await clientFor(await backendStatus(options)).auth.signUp({ email, password: 'correct horse' });
      expect(signUp.error).toBeNull();
      const isAdmin = async () =>
        (await server.query(`select 1 from public.user_roles r join auth.users u on u.id = r.user_id where u.email = $1 and r.role = 'admin'`, [email])).rowCount;

      expect(await adminGrant(email, options)).toMatchObject({ admin: true, changed: true });
      expect(await isAdmin()).toBe(1);
      stop.abort();
      await running;
      expect(await adminRevoke(email, options)).toMatchObject({ admin: false, changed: true });
      expect(await isAdmin()).toBe(0);
    } finally {
      stop.abort();
      await running.catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
