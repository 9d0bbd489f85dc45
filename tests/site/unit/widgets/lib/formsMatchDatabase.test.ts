/**
 * widgets/lib/forms.ts against the database's CHECK constraints
 * (supabase/migrations on PGlite): the same values through the zod rules and
 * through an insert as the `anon` role, and the same verdict from both. What
 * the form accepts it trims, and the widget sends that; what it refuses is
 * sent as typed, as a script skipping the form would.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { Database } from '../../../../../generator/backend/Database.ts';
import { openDatabase } from '../../../../../generator/backend/openDatabase.ts';
import { authSchema, check, contactSchema, EMAIL_PATTERN, hasVisibleCharacter, INVISIBLE_RANGES, waitlistSchema } from '../../../../../widgets/lib/forms.ts';
import { BAD_EMAILS, BLANK_TEXTS, GOOD_EMAILS, VISIBLE_TEXTS } from '../helpers/formRuleCases.ts';

let db: Database;
beforeAll(async () => {
  ({ db } = await openDatabase({ dataDir: null, supabaseDir: path.resolve('supabase') }));
});
afterAll(() => db?.close());

type Table = 'contact_submissions' | 'waitlist';
const contactRaw = { name: 'Ann', email: 'ann@example.com', company: '', message: 'Hello' };
const waitlistRaw = { name: 'Ann', email: 'ann@example.com', favorite_part: 'Themes', desired_features: 'Charts', willing_to_give_feedback: false };

/** Inserts as a visitor and rolls back: null when accepted, else the name of the CHECK that refused. */
async function refusedBy(table: Table, row: Record<string, unknown>): Promise<string | null> {
  // Throwing out of the transaction rolls an accepted row back.
  const accepted = new Error('accepted');
  try {
    await db.transaction(async (tx) => {
      await tx.exec('set local role anon');
      const columns = Object.keys(row);
      await tx.query(`insert into public.${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row));
      throw accepted;
    });
    throw new Error('unreachable: the transaction always throws');
  } catch (error) {
    if (error === accepted) return null;
    const e = error as { code?: string; constraint?: string };
    if (e.code !== '23514') throw error;
    return e.constraint ?? 'unnamed';
  }
}

/** What the contact dialog sends for these raw values (company null when empty), or the raw values if the form refuses them. */
function contactSent(raw: typeof contactRaw) {
  const r = check(contactSchema, raw);
  return { result: r, row: r.values ? { ...r.values, company: r.values.company || null } : { ...raw, company: raw.company || null } };
}
function waitlistSent(raw: typeof waitlistRaw) {
  const r = check(waitlistSchema, raw);
  return { result: r, row: r.values ?? raw };
}

describe('email: one rule in the forms and the database', () => {
  it("is zod's email pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });

  it(`has a table of ${GOOD_EMAILS.length + BAD_EMAILS.length} addresses`, () => {
    expect(GOOD_EMAILS.length + BAD_EMAILS.length).toBeGreaterThanOrEqual(30);
  });

  const label = (email: string) => (email.length > 60 ? `${email.length} characters` : JSON.stringify(email));
  const EMAILS = [...GOOD_EMAILS.map((email) => ({ email, good: true })), ...BAD_EMAILS.map((email) => ({ email, good: false }))].map((c) => ({ ...c, label: label(c.email) }));
  it.each(EMAILS)('$label: accepted = $good by the forms and both tables', async ({ email, good }) => {
    const contact = contactSent({ ...contactRaw, email });
    const waitlist = waitlistSent({ ...waitlistRaw, email });
    expect(contact.result.errors.email === undefined).toBe(good);
    expect(waitlist.result.errors.email === undefined).toBe(good);
    // The sign-in form has the same pattern (and no length limit of its own).
    if (email.length <= 255) expect(check(authSchema, { email, password: 'secret1' }).errors.email === undefined).toBe(good);
    expect(await refusedBy('contact_submissions', contact.row)).toBe(good ? null : 'contact_submissions_email_check');
    expect(await refusedBy('waitlist', waitlist.row)).toBe(good ? null : 'waitlist_email_check');
  });

  it.each([' ann@example.com ', 'ann@example.com\n', '\u00A0ann@example.com', '\uFEFFann@example.com\t'])(
    '%j: the form trims it and the database takes the trimmed address, never the padded one',
    async (email) => {
      const { result, row } = contactSent({ ...contactRaw, email });
      expect(result.values?.email).toBe('ann@example.com');
      expect(await refusedBy('contact_submissions', row)).toBeNull();
      expect(await refusedBy('contact_submissions', { ...row, email })).toBe('contact_submissions_email_check');
    },
  );
});

describe('blank: nothing but whitespace and invisible characters', () => {
  const REQUIRED = [
    ['contact_submissions', 'name'],
    ['contact_submissions', 'message'],
    ['waitlist', 'name'],
    ['waitlist', 'favorite_part'],
    ['waitlist', 'desired_features'],
  ] as const;
  const CASES = REQUIRED.flatMap(([table, field]) => [
    ...BLANK_TEXTS.map((text) => ({ table, field, text, visible: false })),
    ...VISIBLE_TEXTS.map((text) => ({ table, field, text, visible: true })),
  ]);

  it.each(CASES)('$field of $table, $text: accepted = $visible by the form and the database', async ({ table, field, text, visible }) => {
    const sent = table === 'contact_submissions' ? contactSent({ ...contactRaw, [field]: text }) : waitlistSent({ ...waitlistRaw, [field]: text });
    expect((sent.result.errors as Record<string, string>)[field] === undefined).toBe(visible);
    expect(await refusedBy(table, sent.row)).toBe(visible ? null : `${table}_${field}_check`);
  });

  it.each(BLANK_TEXTS)('company %j: the form sends no company; the database refuses it sent as typed', async (company) => {
    const { result, row } = contactSent({ ...contactRaw, company });
    expect(result.values?.company).toBe('');
    expect(row.company).toBeNull();
    expect(await refusedBy('contact_submissions', row)).toBeNull();
    expect(await refusedBy('contact_submissions', { ...row, company })).toBe('contact_submissions_company_check');
  });

  it.each(VISIBLE_TEXTS)('company %j: kept by the form, accepted by the database', async (company) => {
    const { result, row } = contactSent({ ...contactRaw, company });
    expect(result.values?.company).toBe(company.trim());
    expect(await refusedBy('contact_submissions', row)).toBeNull();
  });

  it('treats the same code points as invisible in JavaScript and in Postgres, all 1,112,063 of them', async () => {
    // The function's own pattern, applied inline (a call per code point would take seconds).
    const { prosrc } = (await db.query<{ prosrc: string }>(`select prosrc from pg_proc where oid = 'private.has_visible_character(text)'::regprocedure`)).rows[0];
    const pattern = /value ~ '(\[\^[^']+\])'/.exec(prosrc)![1];
    const inDatabase = (
      await db.query<{ cp: number }>(`select cp from generate_series(1, 1114111) cp where (cp < 55296 or cp > 57343) and chr(cp) !~ $1 order by cp`, [pattern])
    ).rows.map((r) => r.cp);
    expect(inDatabase.slice(0, 3)).toEqual([9, 10, 11]);
    const inForms: number[] = [];
    for (let cp = 1; cp <= 0x10ffff; cp++) {
      if ((cp < 0xd800 || cp > 0xdfff) && !hasVisibleCharacter(String.fromCodePoint(cp))) inForms.push(cp);
    }
    expect(inForms.length).toBe(INVISIBLE_RANGES.reduce((n, [a, b]) => n + b - a + 1, 0));
    expect(inDatabase).toEqual(inForms);
  });

  it("lists exactly Unicode's White_Space and Default_Ignorable_Code_Point", () => {
    const property = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}]$/u;
    const differ: string[] = [];
    for (let cp = 1; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (property.test(ch) === hasVisibleCharacter(ch)) differ.push(`U+${cp.toString(16).toUpperCase().padStart(4, '0')}`);
    }
    expect(differ, `Unicode ${process.versions.unicode} differs; update INVISIBLE_RANGES and private.has_visible_character together`).toEqual([]);
  });
});
