// The backend's base database (the platform's schema before any migration of a site): carried by the
// package, else cached in the OS temp folder, else made; a new data dir starts from it and then answers
// supabase-js exactly as a database made from nothing (initdb, bootstrap, migrations) does.
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendBase, backendBaseKey, cachedBaseFile, writeShippedBase } from '../../../generator/backend/backendBase.ts';
import type { Database } from '../../../generator/backend/Database.ts';
import { migrateDatabase } from '../../../generator/backend/migrateDatabase.ts';
import { migratedTemplateFile } from '../../../generator/backend/migratedTemplate.ts';
import { PGLITE_EXTENSIONS } from '../../../generator/backend/pgliteExtensions.ts';
import { startBackend, type RunningBackend } from '../../../generator/backend/startBackend.ts';
import { clientFor } from './testClients.ts';

const supabaseDir = path.resolve(import.meta.dirname, '../../../supabase');
const outerTmp = os.tmpdir();
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(outerTmp, 'site-backend-base-test-'));
  dirs.push(dir);
  return dir;
};
const previousTmp = process.env.TMPDIR;
// An OS temp folder of this file's own: nothing cached in it but what these tests make.
beforeAll(() => {
  process.env.TMPDIR = freshDir();
});
afterAll(() => {
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** What a database holds that a site's API and policies depend on, as sorted text: equal databases, equal lists. */
async function fingerprint(db: Database): Promise<string[]> {
  const schemas = `('public', 'private', 'auth', 'storage', 'extensions', 'supabase_migrations')`;
  const queries = [
    `select n.nspname || '.' || c.relname || ' ' || c.relkind::text || ' rls=' || c.relrowsecurity || ' ' || coalesce(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' notnull=' || a.attnotnull || ' default=' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''), '') as line
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
       where n.nspname in ${schemas}`,
    `select conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) as line from pg_constraint where connamespace::regnamespace::text in ${schemas}`,
    `select schemaname || '.' || tablename || ' ' || policyname || ' ' || cmd || ' ' || roles::text || ' ' || coalesce(qual, '') || ' ' || coalesce(with_check, '') as line from pg_policies`,
    `select grantee || ' ' || table_schema || '.' || table_name || ' ' || privilege_type as line from information_schema.role_table_grants where grantee in ('anon', 'authenticated', 'service_role')`,
    `select p.oid::regprocedure || ' ' || md5(pg_get_functiondef(p.oid)) || ' ' || coalesce(p.proacl::text, '') as line from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ${schemas} and p.prokind in ('f', 'p')`,
    `select tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text as line from pg_trigger where not tgisinternal`,
    `select rolname || ' ' || rolsuper || ' ' || rolinherit || ' ' || rolcanlogin || ' ' || rolbypassrls as line from pg_roles where rolname !~ '^pg_'`,
    `select schemaname || '.' || sequencename || ' ' || coalesce(last_value::text, 'unused') as line from pg_sequences`,
    `select extname as line from pg_extension`,
    `select version as line from supabase_migrations.schema_migrations`,
  ];
  const lines: string[] = [];
  for (const sql of queries) lines.push(...(await db.query<{ line: string }>(sql)).rows.map((r) => r.line));
  return lines.sort();
}

/** A database made as the first start on a machine made it: PGlite's initdb, the bootstrap, every migration. */
async function fromScratch(): Promise<Blob> {
  const db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await migrateDatabase(db, supabaseDir);
    await db.exec('checkpoint');
    return await db.dumpDataDir('gzip');
  } finally {
    await db.close();
  }
}

/** What a visitor's sign-up, a form's insert and the public read answer, without what differs by run (ids, times, tokens). */
async function visitorAnswers(backend: RunningBackend) {
  const visitor = clientFor(backend);
  const signUp = await visitor.auth.signUp({ email: 'ada@example.com', password: 'correct horse' });
  const joined = await clientFor(backend).from('waitlist').insert({ name: 'Ada', email: 'ada@example.com', favorite_part: 'Themes', desired_features: 'Charts' });
  const total = await clientFor(backend).from('waitlist_stats').select('total');
  const hidden = await clientFor(backend).from('waitlist').select('email');
  const user = signUp.data.user;
  return {
    signUp: { error: signUp.error?.message ?? null, email: user?.email, role: user?.role, aud: user?.aud, identities: user?.identities?.length, session: Boolean(signUp.data.session) },
    joined: { status: joined.status, error: joined.error?.code ?? null },
    total: { status: total.status, data: total.data },
    hidden: { status: hidden.status, error: hidden.error?.code ?? null, data: hidden.data },
  };
}

describe('the backend base', () => {
  it('without one in the package, is made and cached in the OS temp folder 0600, over a cached file others may write', { timeout: 120_000 }, async () => {
    const cached = cachedBaseFile();
    writeFileSync(cached, 'planted');
    chmodSync(cached, 0o666);
    const made = await backendBase(freshDir());
    expect(statSync(cached).mode & 0o777).toBe(0o600);
    expect(readFileSync(cached).toString()).not.toBe('planted');
    // Another start without a base in its package reads the cached one: the same database.
    const read = await backendBase(freshDir());
    expect(Buffer.from(read).equals(Buffer.from(made))).toBe(true);
  });

  it('is written into the package folder under its key, readable by all, replacing older ones, and read from there', { timeout: 120_000 }, async () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'backend-base-0000000000000000.tar.br'), 'an older base');
    // From the temp folder's base, the one the test above made: the same database.
    const file = await writeShippedBase(dir);
    expect(path.basename(file)).toBe(`backend-base-${backendBaseKey()}.tar.br`);
    expect(readdirSync(dir)).toEqual([path.basename(file)]);
    expect(statSync(file).mode & 0o777).toBe(0o644);

    // Read from the package: nothing made, nothing cached in the temp folder.
    rmSync(cachedBaseFile());
    const db = await PGlite.create({ loadDataDir: new Blob([await backendBase(dir)]), extensions: PGLITE_EXTENSIONS });
    expect(existsSync(cachedBaseFile())).toBe(false);
    const { rows } = await db.query<{ users: string | null; objects: string | null; migrations: number }>(
      `select to_regclass('auth.users')::text as users, to_regclass('storage.objects')::text as objects, (select count(*)::int from supabase_migrations.schema_migrations) as migrations`,
    );
    expect(rows).toEqual([{ users: 'auth.users', objects: 'storage.objects', migrations: 0 }]);
    await db.close();
  });

  it('starts a new data dir, with no template made, that answers supabase-js as a database made from nothing', { timeout: 120_000 }, async () => {
    const options = { port: 0, supabaseDir, bcryptCost: 4, enableConfirmations: false } as const;
    const fromBase = await startBackend({ ...options, dataDir: path.join(freshDir(), 'db') });
    // The migrations went into the data dir itself: no template of them was dumped and loaded first.
    expect(existsSync(migratedTemplateFile(supabaseDir))).toBe(false);
    const madeFromNothing = await startBackend({ ...options, dataDir: path.join(freshDir(), 'db'), template: await fromScratch() });
    try {
      expect(await fingerprint(fromBase.db)).toEqual(await fingerprint(madeFromNothing.db));
      const answers = await visitorAnswers(fromBase);
      expect(answers.signUp).toMatchObject({ error: null, email: 'ada@example.com', role: 'authenticated', session: true });
      expect(answers.total).toEqual({ status: 200, data: [{ total: 1 }] });
      expect(answers).toEqual(await visitorAnswers(madeFromNothing));
      // Sequences continue where the migrations left them, on both.
      expect(await fingerprint(fromBase.db)).toEqual(await fingerprint(madeFromNothing.db));
    } finally {
      await Promise.all([fromBase.close(), madeFromNothing.close()]);
    }
  });
});
