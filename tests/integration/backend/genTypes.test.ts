/**
 * `site gen types` as a user runs it (`node bin/site.js` in a child process)
 * on the real migrations: the committed widgets/lib/database.types.ts must be
 * what it prints, so a migration without regenerated types fails here.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from './testPostgres.ts';
import { runSiteWithEnv } from '../runSite.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const COMMITTED = path.join(root, 'widgets', 'lib', 'database.types.ts');
const REGENERATE = 'widgets/lib/database.types.ts is not what the migrations give: run `node bin/site.js gen types --out widgets/lib/database.types.ts` and commit it';

/** `site ...args` in `cwd` (the repository by default), with the process's environment. */
const site = (args: string[], cwd = root) => runSiteWithEnv(cwd, {}, ...args);

describe('site gen types', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'site-gen-types-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('prints exactly the committed widgets/lib/database.types.ts', async () => {
    const run = await site(['gen', 'types']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout, REGENERATE).toBe(readFileSync(COMMITTED, 'utf8'));
  }, 60_000);

  it('writes --out, and --schema picks the schemas (an enum of a schema left out is typed by its labels)', async () => {
    const out = path.join(tmp, 'nested', 'db.ts');
    const run = await site(['gen', 'types', '--schema', 'private', '--out', out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`Wrote ${out}\n`);
    const types = readFileSync(out, 'utf8');
    expect(types).toContain('export type Database = {\n  private: {\n');
    expect(types).not.toContain('  public: {');
    expect(types).toContain('      has_role: { Args: { _role: "admin" }; Returns: boolean }\n');
    expect(types).toContain('      has_visible_character: { Args: { value: string }; Returns: boolean }\n');
    // A trigger function is not callable through the API.
    expect(types).not.toContain('track_waitlist_total');
  }, 60_000);

  it("types the storage schema as the CLI does with --schema storage (Supabase's tables, functions and enum)", async () => {
    const run = await site(['gen', 'types', '--schema', 'storage']);
    expect(run.code).toBe(0);
    const types = run.stdout;
    expect(types).toContain('export type Database = {\n  storage: {\n');
    for (const table of ['buckets', 'buckets_analytics', 'buckets_vectors', 'iceberg_namespaces', 'iceberg_tables', 'migrations', 'objects', 's3_multipart_uploads', 's3_multipart_uploads_parts', 'vector_indexes']) {
      expect(types, table).toContain(`      ${table}: {\n        Row: {\n`);
    }
    expect(types).toContain('          path_tokens: string[] | null\n');
    expect(types).toContain('          path_tokens?: never\n');
    expect(types).toContain('          type: Database["storage"]["Enums"]["buckettype"]\n');
    expect(types).toContain('      foldername: { Args: { name: string }; Returns: string[] }\n');
    expect(types).toContain('      extension: { Args: { name: string }; Returns: string }\n');
    expect(types).toContain('      buckettype: ["STANDARD", "ANALYTICS", "VECTOR"],\n');
  }, 60_000);

  it('refuses a --schema the database does not have, naming it', async () => {
    const run = await site(['gen', 'types', '--schema', 'public,nope']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('No schema "nope" in the database the migrations make.');
  }, 60_000);

  it('follows a new migration: the committed types no longer match until regenerated', async () => {
    const project = path.join(tmp, 'project');
    cpSync(path.join(root, 'supabase'), path.join(project, 'supabase'), { recursive: true });
    writeFileSync(
      path.join(project, 'supabase', 'migrations', '29990101000000_newsletter.sql'),
      `create type public.topic as enum ('product', 'design');
       create table public.newsletter (
         id bigint generated always as identity primary key,
         email text not null,
         topics public.topic[] not null default '{}',
         email_lower text generated always as (lower(email)) stored
       );`,
    );
    const run = await site(['gen', 'types'], project);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toBe(readFileSync(COMMITTED, 'utf8'));
    expect(run.stdout).toContain(
      [
        '      newsletter: {',
        '        Row: {',
        '          email: string',
        '          email_lower: string | null',
        '          id: number',
        '          topics: Database["public"]["Enums"]["topic"][]',
        '        }',
        '        Insert: {',
        '          email: string',
        '          email_lower?: never',
        '          id?: never',
        '          topics?: Database["public"]["Enums"]["topic"][]',
        '        }',
      ].join('\n'),
    );
    expect(run.stdout).toContain('      topic: ["product", "design"],\n');
  }, 60_000);

  it('fails with the migration error when a migration does not apply', async () => {
    const project = path.join(tmp, 'broken');
    cpSync(path.join(root, 'supabase'), path.join(project, 'supabase'), { recursive: true });
    writeFileSync(path.join(project, 'supabase', 'migrations', '29990101000000_broken.sql'), 'alter table public.no_such_table add column x int;');
    const run = await site(['gen', 'types'], project);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('no_such_table');
  }, 60_000);
});

const skip = postgresUnavailable();
describe.skipIf(skip !== null)(`site gen types --db-url${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const backend = await startTestBackend({ databaseUrl: database.url, supabaseDir: path.join(root, 'supabase') });
    await backend.close();
  }, 60_000);
  afterAll(async () => {
    await database?.drop();
  });

  it('reads the same types from a PostgreSQL server the migrations ran on', async () => {
    const run = await site(['gen', 'types', '--db-url', database.url]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(readFileSync(COMMITTED, 'utf8'));
  }, 60_000);
});
