// The PostgREST version supabase/.temp/rest-version pins (what `supabase link` writes for a project),
// through supabase-js on PGlite and on a PostgreSQL server: naming 13 or later, `...messages(id, message)`
// makes each column an array of the related rows' values, as PostgREST 13 answers; pinned to 12.2 it is
// 400 PGRST119, and .single() on several rows and a missing table answer in 12.2's words.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { clientFor } from '../testClients.ts';
import { ENGINES, startWithSchema } from '../testEngines.ts';

const SCHEMA = `
  create table public.channels (id int primary key, slug text not null);
  create table public.messages (id int primary key, channel_id int not null references public.channels (id), message text);
  grant select on public.channels, public.messages to anon;
  insert into public.channels values (1, 'general'), (2, 'random'), (3, 'empty');
  insert into public.messages values (1, 1, 'Hello'), (2, 1, null), (3, 2, 'Hi'), (4, 1, 'Bye');
`;

function project(version: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-spread-'));
  mkdirSync(path.join(dir, '.temp'));
  writeFileSync(path.join(dir, 'config.toml'), '[api]\nmax_rows = 1000\n');
  writeFileSync(path.join(dir, '.temp', 'rest-version'), `${version}\n`);
  return dir;
}

describe.each(ENGINES)('$name', (engine) => {
  if (engine.skip) {
    it.skip(`skipped: ${engine.skip}`, () => {});
    return;
  }
  const dirs: string[] = [];
  let v13: RunningBackend;
  beforeAll(async () => {
    dirs.push(project('v13.0.4'));
    v13 = await startWithSchema(engine, SCHEMA, { supabaseDir: dirs[0] });
  }, 120_000);
  afterAll(async () => {
    await v13?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('spreads each column of a to-many relationship as an array, [] without related rows', async () => {
    const { data, error } = await clientFor(v13).from('channels').select('channel:id, ...messages(id, message)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { channel: 1, id: [1, 2, 4], message: ['Hello', null, 'Bye'] },
      { channel: 2, id: [3], message: ['Hi'] },
      { channel: 3, id: [], message: [] },
    ]);
  });

  it("applies the spread's own filters, order and limit, and spreads * and aliases", async () => {
    const ordered = await clientFor(v13)
      .from('channels')
      .select('slug, ...messages(text:message)')
      .eq('id', 1)
      .not('messages.message', 'is', null)
      .order('id', { referencedTable: 'messages', ascending: false })
      .limit(1, { referencedTable: 'messages' })
      .single();
    expect(ordered.error).toBeNull();
    expect(ordered.data).toEqual({ slug: 'general', text: ['Bye'] });
    const star = await clientFor(v13).from('channels').select('slug, ...messages(*)').eq('id', 2).single();
    expect(star.data).toEqual({ slug: 'random', id: [3], channel_id: [2], message: ['Hi'] });
  });

  it('answers as PostgREST 12.2 when rest-version pins it: no to-many spread, its words for .single() and a missing table', async () => {
    dirs.push(project('v12.2.3'));
    const v12 = await startWithSchema(engine, SCHEMA, { supabaseDir: dirs.at(-1) });
    try {
      const { error, status } = await clientFor(v12).from('channels').select('id, ...messages(message)');
      expect(status).toBe(400);
      expect(error).toMatchObject({
        code: 'PGRST119',
        message: "A spread operation on 'messages' is not possible",
        details: "'channels' and 'messages' do not form a many-to-one or one-to-one relationship",
      });
      const single = await clientFor(v12).from('channels').select('id').single();
      expect([single.status, single.error]).toEqual([406, { code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned', details: 'The result contains 3 rows', hint: null }]);
      const missing = await clientFor(v12).from('no_such_table').select();
      expect([missing.status, missing.error]).toEqual([404, { code: '42P01', message: 'relation "public.no_such_table" does not exist', details: null, hint: null }]);
    } finally {
      await v12.close();
    }
  });

  it('answers in the later words when 13 or later is pinned (as when none is)', async () => {
    const single = await clientFor(v13).from('channels').select('id').single();
    expect(single.error).toMatchObject({ code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object' });
    expect((await clientFor(v13).from('no_such_table').select()).error).toMatchObject({ code: 'PGRST205' });
  });
});
