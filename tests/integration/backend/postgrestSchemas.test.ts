import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { clientFor } from './testClients.ts';
import { ENGINES } from './testEngines.ts';

/** A schema besides public, exposed by [api] schemas, with a table of the same name as one in public. */
const SCHEMA = `
create table public.notes (id int primary key, body text not null);
create schema extra;
create table extra.notes (id int primary key, body text not null);
create function extra.shout(extra.notes) returns text language sql stable as $$ select upper($1.body) $$;
insert into public.notes values (1, 'public note');
insert into extra.notes values (1, 'extra note');
grant usage on schema extra to anon;
grant select, insert on public.notes, extra.notes to anon;
`;

describe.each(ENGINES)('[api] schemas beyond public (Accept-Profile, Content-Profile), db_aggregates_enabled and db_tx_end on $name', (engine) => {
  if (engine.skip) {
    it.skip(`skipped: ${engine.skip}`, () => {});
    return;
  }
  let backend: RunningBackend;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'site-rest-schemas-'));
    const config = readFileSync('supabase/config.toml', 'utf8')
      .replace(/^schemas = .*$/m, 'schemas = ["public", "extra", "graphql_public"]')
      .replace(/^db_aggregates_enabled = .*$/m, 'db_aggregates_enabled = true')
      .replace(/^db_tx_end = .*$/m, 'db_tx_end = "commit-allow-override"');
    writeFileSync(path.join(dir, 'config.toml'), config);
    symlinkSync(path.resolve('supabase/migrations'), path.join(dir, 'migrations'));
    backend = await engine.start({ supabaseDir: dir });
    await backend.db.exec(SCHEMA);
    await backend.reloadCatalog();
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reads the first schema without a profile, another with Accept-Profile', async () => {
    const anon = clientFor(backend);
    expect((await anon.from('notes').select('body')).data).toEqual([{ body: 'public note' }]);
    expect((await anon.schema('extra').from('notes').select('body, shout')).data).toEqual([{ body: 'extra note', shout: 'EXTRA NOTE' }]);
  });

  it('writes into the schema of Content-Profile', async () => {
    const anon = clientFor(backend);
    const { error, status } = await anon.schema('extra').from('notes').insert({ id: 2, body: 'second' });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect((await anon.schema('extra').from('notes').select('id').order('id')).data).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await anon.from('notes').select('id')).data).toEqual([{ id: 1 }]);
  });

  it('allows aggregates and Prefer: tx=rollback by the (embedded) config.toml keys', async () => {
    const anon = clientFor(backend);
    expect((await anon.from('notes').select('count()')).data).toEqual([{ count: 1 }]);
    const { error, status } = await anon.from('notes').insert({ id: 3, body: 'draft' }).rollback();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect((await anon.from('notes').select('id').eq('id', 3)).data).toEqual([]);
  });

  it('refuses a schema not listed with 406 PGRST106 naming those that are', async () => {
    const { error, status } = await clientFor(backend).schema('private').from('notes').select();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST106', message: 'The schema must be one of the following: public, extra, graphql_public' });
  });
});
