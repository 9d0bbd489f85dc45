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

  it('gives the total as a bare number to anonymous and signed-in callers', async () => {
    const anon = clientFor(backend);
    const before = (await anon.rpc('waitlist_count')).data as number;
    expect(before).toBe(await storedCount());
    await anon.from('waitlist').insert(entry(uniqueEmail('count1')));
    await anon.from('waitlist').insert(entry(uniqueEmail('count2')));
    const { data, error, status } = await anon.rpc('waitlist_count');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe(before + 2);
    const { client } = await signedInClient(backend);
    expect((await client.rpc('waitlist_count')).data).toBe(before + 2);
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
