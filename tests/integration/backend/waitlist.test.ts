// The waitlist through supabase-js exactly as the widget calls it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { clientFor, signedInClient, uniqueEmail } from './testClients.ts';

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend?.close());

const entry = (email: string) => ({
  name: 'Grace',
  email,
  favorite_part: 'Brand kits that stick',
  desired_features: 'Export to Keynote',
  willing_to_give_feedback: true,
});

async function storedCount(): Promise<number> {
  const { count } = await clientFor(backend, backend.serviceRoleKey).from('waitlist').select('*', { count: 'exact', head: true });
  return count!;
}

describe('waitlist', () => {
  it('refuses the same email in another case with 23505 over HTTP 409, storing nothing', async () => {
    const anon = clientFor(backend);
    const email = uniqueEmail('dup');
    expect((await anon.from('waitlist').insert(entry(email))).error).toBeNull();
    const before = await storedCount();
    const again = await anon.from('waitlist').insert(entry(email.toUpperCase()));
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('23505');
    // Postgres hides the key value from a role that cannot read the table.
    expect(again.error?.details ?? '').not.toContain(email);
    expect(await storedCount()).toBe(before);
  });

  /** The total as the waitlist widget reads it. */
  async function widgetTotal(client = clientFor(backend)): Promise<number> {
    const { data, error, status } = await client.from('waitlist_stats').select('total').single();
    expect(error).toBeNull();
    expect(status).toBe(200);
    return data!.total as number;
  }

  it('gives the total as a bare number to anonymous and signed-in callers', async () => {
    const anon = clientFor(backend);
    const before = await widgetTotal();
    expect(before).toBe(await storedCount());
    await anon.from('waitlist').insert(entry(uniqueEmail('count1')));
    await anon.from('waitlist').insert(entry(uniqueEmail('count2')));
    expect(await widgetTotal()).toBe(before + 2);
    const { client } = await signedInClient(backend);
    expect(await widgetTotal(client)).toBe(before + 2);
    // The one row holds nothing but the total.
    expect((await anon.from('waitlist_stats').select('*')).data).toEqual([{ id: true, total: before + 2 }]);
    // Sites built before the table read the same number through rpc/waitlist_count.
    const rpc = await anon.rpc('waitlist_count');
    expect(rpc.error).toBeNull();
    expect(rpc.data).toBe(before + 2);
  });

  it('counts concurrent joins exactly; each joiner sees a total that includes them', async () => {
    const before = await widgetTotal();
    const joiners = Array.from({ length: 24 }, (_, i) => uniqueEmail(`rush${i}`));
    const totals = await Promise.all(
      joiners.map(async (email) => {
        const client = clientFor(backend);
        const { error } = await client.from('waitlist').insert(entry(email));
        expect(error).toBeNull();
        return widgetTotal(client);
      }),
    );
    for (const total of totals) expect(total).toBeGreaterThan(before);
    expect(Math.max(...totals)).toBe(before + joiners.length);
    expect(await widgetTotal()).toBe(before + joiners.length);
    expect(await storedCount()).toBe(before + joiners.length);
  });

  it('does not count a refused join, and follows rows the service role deletes', async () => {
    const anon = clientFor(backend);
    const email = uniqueEmail('leaving');
    await anon.from('waitlist').insert(entry(email));
    const before = await widgetTotal();
    expect((await anon.from('waitlist').insert(entry(email.toUpperCase()))).error?.code).toBe('23505');
    expect((await anon.from('waitlist').insert({ ...entry(uniqueEmail('blank')), name: '\u200B' })).error?.code).toBe('23514');
    expect(await widgetTotal()).toBe(before);
    const deleted = await clientFor(backend, backend.serviceRoleKey).from('waitlist').delete().eq('email', email);
    expect(deleted.error).toBeNull();
    expect(await widgetTotal()).toBe(before - 1);
    expect(await widgetTotal()).toBe(await storedCount());
  });

  it('nobody but the trigger writes the total', async () => {
    const { client } = await signedInClient(backend);
    const before = await widgetTotal();
    for (const caller of [clientFor(backend), client, clientFor(backend, backend.serviceRoleKey)]) {
      const attempts = [
        await caller.from('waitlist_stats').update({ total: 0 }).eq('id', true),
        await caller.from('waitlist_stats').insert({ id: false, total: 1 }),
        await caller.from('waitlist_stats').delete().eq('id', true),
      ];
      for (const attempt of attempts) expect(attempt.error?.code).toBe('42501');
    }
    expect(await widgetTotal()).toBe(before);
  });

  it('reveals no row, email, name or answer through any route', async () => {
    const anon = clientFor(backend);
    const email = uniqueEmail('secret');
    await anon.from('waitlist').insert(entry(email));
    const attempts = [
      await anon.from('waitlist').select('*'),
      await anon.from('waitlist').select('email').eq('email', email),
      await anon.from('waitlist').select('*', { count: 'exact', head: true }),
      await anon.from('waitlist').insert(entry(uniqueEmail('repr'))).select(),
      await anon.from('waitlist').update({ name: 'x' }).eq('email', email).select(),
      await anon.from('waitlist').delete().eq('email', email).select(),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(401);
      expect(JSON.stringify(attempt)).not.toContain(email);
      expect(JSON.stringify(attempt)).not.toContain('Brand kits');
    }
    // The count is a number, never rows; it takes no argument that could filter it.
    const probe = await anon.rpc('waitlist_count', { email });
    expect(probe.status).toBe(404);
    expect(probe.error?.code).toBe('PGRST202');
  });

  it('stores what a visitor sent, with willing_to_give_feedback false by default', async () => {
    const anon = clientFor(backend);
    const email = uniqueEmail('default');
    const { willing_to_give_feedback: _, ...withoutFlag } = entry(email);
    expect((await anon.from('waitlist').insert(withoutFlag)).status).toBe(201);
    const row = await clientFor(backend, backend.serviceRoleKey).from('waitlist').select('*').eq('email', email).single();
    expect(row.data).toMatchObject({ ...withoutFlag, willing_to_give_feedback: false });
  });
});
