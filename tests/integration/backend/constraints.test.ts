// Over-long and blank fields sent straight to the API (skipping the form's
// zod rules) are refused by the database's CHECK constraints, on PGlite and
// on a real PostgreSQL server (testEngines.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { clientFor, uniqueEmail } from './testClients.ts';
import { ENGINES } from './testEngines.ts';
import { BAD_EMAILS, GOOD_EMAILS } from '../../site/unit/widgets/helpers/formRuleCases.ts';

const x = (n: number) => 'x'.repeat(n);
const longEmail = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;

const contact = () => ({ name: 'Ada', email: uniqueEmail('c'), company: 'Acme', message: 'Hello there' });
const waitlist = () => ({ name: 'Ada', email: uniqueEmail('w'), favorite_part: 'Themes', desired_features: 'Charts', willing_to_give_feedback: false });

// [table, field, bad value, the good value at the limit]
const CASES: [('contact_submissions' | 'waitlist'), string, unknown, unknown][] = [
  ['contact_submissions', 'name', x(101), x(100)],
  ['contact_submissions', 'name', '   ', 'A'],
  ['contact_submissions', 'email', longEmail(256), longEmail(255)],
  ['contact_submissions', 'email', 'not-an-email', 'a@b.co'],
  ['contact_submissions', 'email', '', 'a@b.co'],
  ['contact_submissions', 'company', x(201), x(200)],
  ['contact_submissions', 'company', '  ', null],
  ['contact_submissions', 'message', x(2001), x(2000)],
  ['contact_submissions', 'message', '\n\t ', 'Hi'],
  ['contact_submissions', 'email', 'sales@victim.co?bcc=attacker%40evil.example', 'sales@victim.co'],
  ['contact_submissions', 'name', '\u00A0', 'A'],
  ['contact_submissions', 'name', '\u200B', 'A'],
  ['contact_submissions', 'name', '\uFEFF', 'A'],
  ['contact_submissions', 'company', '\u200B\u00A0', null],
  ['contact_submissions', 'message', '\uFEFF\u2060\u3000', 'Hi'],
  ['waitlist', 'name', x(101), x(100)],
  ['waitlist', 'name', '', 'A'],
  ['waitlist', 'email', longEmail(256), longEmail(255)],
  ['waitlist', 'email', 'two@@at.com', 'a@b.co'],
  ['waitlist', 'favorite_part', x(501), x(500)],
  ['waitlist', 'favorite_part', ' ', 'Themes'],
  ['waitlist', 'desired_features', x(1001), x(1000)],
  ['waitlist', 'desired_features', '  ', 'Charts'],
  ['waitlist', 'email', 'sales@victim.co?bcc=attacker%40evil.example', 'sales@victim.co'],
  ['waitlist', 'name', '\u00A0', 'A'],
  ['waitlist', 'name', '\u200B', 'A'],
  ['waitlist', 'name', '\uFEFF', 'A'],
  ['waitlist', 'favorite_part', '\u00A0\u200B\uFEFF', 'Themes'],
  ['waitlist', 'desired_features', '\u2028\u200D', 'Charts'],
];

describe.each(ENGINES)('$name', (engine) => {
  if (engine.skip) {
    it.skip(`skipped: ${engine.skip}`, () => {});
    return;
  }

  let backend: RunningBackend;
  beforeAll(async () => {
    backend = await engine.start();
  });
  afterAll(() => backend?.close());

  describe('CHECK constraints mirror the form rules', () => {
    it.each(CASES.map(([t, f, bad, good]) => [t, f, typeof bad === 'string' && bad.length > 40 ? `${bad.length} characters` : JSON.stringify(bad), bad, good] as const))(
      '%s.%s refuses %s',
      async (table, field, _label, bad, good) => {
      const anon = clientFor(backend);
      const service = clientFor(backend, backend.serviceRoleKey);
      const row = table === 'contact_submissions' ? contact() : waitlist();
      const before = (await service.from(table).select('*', { count: 'exact', head: true })).count!;

      const refused = await anon.from(table).insert({ ...row, [field]: bad });
      expect(refused.status).toBe(400);
      expect(refused.error?.code).toBe('23514');
      expect(refused.error?.message).toContain(`${table}_${field}_check`);
      expect((await service.from(table).select('*', { count: 'exact', head: true })).count).toBe(before);

      // The value at the limit is accepted (unique email when the field under test is not the email).
      const accepted = await anon.from(table).insert({ ...row, [field]: good, ...(field === 'email' ? { email: `${Date.now()}${good}`.slice(-255) } : {}) });
      expect(accepted.error).toBeNull();
      expect((await service.from(table).select('*', { count: 'exact', head: true })).count).toBe(before + 1);
      },
    );

    let tagged = 0;
    const label = (email: string) => (email.length > 60 ? `${email.length} characters` : JSON.stringify(email));

    it.each(GOOD_EMAILS.map((email) => [label(email), email]))('accepts the address %s in both tables', async (_label, email) => {
      const anon = clientFor(backend);
      expect((await anon.from('contact_submissions').insert({ ...contact(), email })).status).toBe(201);
      // The waitlist holds each address once, whatever its case: a unique first label keeps the row new.
      const tag = `t${++tagged}.`;
      const unique = tag + email.slice(Math.max(0, tag.length + email.length - 255));
      expect(unique.length).toBeLessThanOrEqual(255);
      expect((await anon.from('waitlist').insert({ ...waitlist(), email: unique })).status).toBe(201);
    });

    it.each(BAD_EMAILS.map((email) => [label(email), email]))('refuses the address %s in both tables', async (_label, email) => {
      const anon = clientFor(backend);
      for (const [table, row] of [['contact_submissions', contact()], ['waitlist', waitlist()]] as const) {
        const { status, error } = await anon.from(table).insert({ ...row, email });
        expect(status).toBe(400);
        expect(error?.code).toBe('23514');
        expect(error?.message).toBe(`new row for relation "${table}" violates check constraint "${table}_email_check"`);
      }
    });

    it('refuses a missing required field with a not-null violation', async () => {
      const { name: _, ...noName } = contact();
      const { error, status } = await clientFor(backend).from('contact_submissions').insert(noName);
      expect(status).toBe(400);
      expect(error?.code).toBe('23502');
    });

    it('refuses columns a visitor may not set (id, created_at)', async () => {
      const { error, status } = await clientFor(backend).from('contact_submissions').insert({ ...contact(), created_at: '2000-01-01T00:00:00Z' });
      expect(status).toBe(401);
      expect(error?.code).toBe('42501');
    });
  });
});
