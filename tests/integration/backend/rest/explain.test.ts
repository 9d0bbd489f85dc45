// explain(): with PostgREST's db-plan-enabled on (the authenticator role's pgrst.db_plan_enabled, or
// config.toml's [api] db_plan_enabled), Accept: application/vnd.pgrst.plan answers the read's EXPLAIN;
// off (PostgREST's default) it is 406 PGRST107 like any other type the server cannot produce.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { clientFor } from '../testClients.ts';
import { ENGINES, startWithSchema } from '../testEngines.ts';

const SCHEMA = `
  create table public.books (id int primary key, title text not null);
  insert into public.books values (1, 'Dune'), (2, 'Emma');
  grant select on public.books to anon;
`;

async function setPlanEnabled(backend: RunningBackend, value: string): Promise<void> {
  await backend.db.exec(`do $$ begin execute format('alter role authenticator in database %I set pgrst.db_plan_enabled = %L', current_database(), '${value}'); end $$`);
  await backend.reloadCatalog();
}

describe.each(ENGINES)('$name', (engine) => {
  if (engine.skip) {
    it.skip(`skipped: ${engine.skip}`, () => {});
    return;
  }
  let backend: RunningBackend;
  beforeAll(async () => {
    backend = await startWithSchema(engine, SCHEMA);
  });
  afterAll(() => backend?.close());

  it('refuses a plan with 406 PGRST107 while pgrst.db_plan_enabled is off', async () => {
    await setPlanEnabled(backend, 'false');
    const res = await clientFor(backend).from('books').select().explain({ format: 'json' });
    expect(res.status).toBe(406);
    expect(res.error?.code).toBe('PGRST107');
  });

  it('answers the JSON plan of the read, whose top node aggregates the rows', async () => {
    await setPlanEnabled(backend, 'true');
    const res = await clientFor(backend).from('books').select().eq('title', 'Dune').explain({ format: 'json' });
    expect(res).toMatchObject({ error: null, status: 200 });
    const plan = res.data as { Plan: { 'Node Type': string } }[];
    expect(plan).toHaveLength(1);
    expect(plan[0].Plan['Node Type']).toBe('Aggregate');
  });

  it('answers the text plan, one line a row, with the Content-Type naming the plan and its for', async () => {
    await setPlanEnabled(backend, 'true');
    const res = await fetch(`${backend.apiUrl}/rest/v1/books?select=*`, {
      headers: { apikey: backend.anonKey, Accept: 'application/vnd.pgrst.plan; for="application/json"; options=verbose|analyze;' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.pgrst.plan+text; for="application/json"; options=analyze|verbose; charset=utf-8');
    const text = await res.text();
    expect(text).toMatch(/^Aggregate {2}\(cost=/);
    expect(text).toMatch(/actual time=/);
    expect(text.endsWith('\n')).toBe(true);
  });

  it('still reads rows as JSON with the plan enabled', async () => {
    await setPlanEnabled(backend, 'true');
    const res = await clientFor(backend).from('books').select('title').order('id');
    expect(res.data).toEqual([{ title: 'Dune' }, { title: 'Emma' }]);
  });
});

describe('[api] db_plan_enabled in config.toml', () => {
  let backend: RunningBackend;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'site-rest-explain-'));
    writeFileSync(path.join(dir, 'config.toml'), readFileSync('supabase/config.toml', 'utf8').replace(/^db_plan_enabled = .*$/m, 'db_plan_enabled = true'));
    symlinkSync(path.resolve('supabase/migrations'), path.join(dir, 'migrations'));
    backend = await startWithSchema(ENGINES[0], SCHEMA, { supabaseDir: dir });
  });
  afterAll(async () => {
    await backend?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('turns explain() on without an in-database setting', async () => {
    const res = await clientFor(backend).from('books').select().explain();
    expect(res.status).toBe(200);
    expect(res.data).toMatch(/^Aggregate {2}\(cost=/);
  });
});
