/** Drafts and scheduled entries: what a build shows of a list collection, what it holds back, and how the report says so. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatHeldBack } from '../../../generator/content/formatHeldBack.ts';
import { earliestDue, mergeHeld, publicationMoment, selectPublished } from '../../../generator/content/selectPublished.ts';
import { SiteError } from '../../../generator/core/errors.ts';
import { collection, type EntryMeta } from '../../../generator/site/defineConfig.ts';

const schema = z.object({ title: z.string(), date: z.string(), draft: z.boolean().optional() });
const blog = collection.list('blog', schema, { draft: 'draft', date: 'date' });
const entry = (slug: string, date: string, draft?: boolean): EntryMeta<z.infer<typeof schema>> => ({
  title: slug,
  date,
  ...(draft === undefined ? {} : { draft }),
  slug,
  file: `blog/${slug}.md`,
  hash: slug,
});
const NOW = Date.parse('2026-06-15T12:00:00Z');
const entries = [entry('old', '2026-01-01'), entry('today', '2026-06-15'), entry('wip', '2026-02-01', true), entry('later', '2027-01-01'), entry('off', '2026-03-01', false)];
const slugs = (list: { slug: string }[]) => list.map((e) => e.slug);

describe('selectPublished', () => {
  it('holds back drafts and entries dated after the build; an entry dated today is published', () => {
    const { entries: shown, held } = selectPublished(blog, entries, { drafts: false, future: false, now: NOW });
    expect(slugs(shown)).toEqual(['old', 'today', 'off']);
    expect(held).toEqual({ drafts: ['blog/wip.md'], scheduled: [{ file: 'blog/later.md', until: '2027-01-01', at: Date.parse('2027-01-01T00:00:00Z') }] });
    // Published entries are passed on as they are: no marker, the same objects.
    expect(shown[0]).toBe(entries[0]);
  });

  it('includes drafts with `drafts` and later entries with `future`, each marked, in the collection\'s order', () => {
    const drafts = selectPublished(blog, entries, { drafts: true, future: false, now: NOW });
    expect(slugs(drafts.entries)).toEqual(['old', 'today', 'wip', 'off']);
    expect(drafts.entries[2]).toMatchObject({ slug: 'wip', draft: true });
    expect(drafts.entries[2]).not.toHaveProperty('scheduled');
    expect(drafts.held.scheduled).toHaveLength(1);
    const both = selectPublished(blog, entries, { drafts: true, future: true, now: NOW });
    expect(slugs(both.entries)).toEqual(['old', 'today', 'wip', 'later', 'off']);
    expect(both.entries[3]).toMatchObject({ slug: 'later', scheduled: '2027-01-01' });
    expect(both.held).toEqual({ drafts: [], scheduled: [] });
  });

  it('says when the first entry dated later is due, held back or shown marked; a draft held back does not count', () => {
    const later = [entry('a', '2027-03-01'), entry('b', '2027-02-01'), entry('c', '2027-01-01', true)];
    const at = (d: string) => Date.parse(`${d}T00:00:00Z`);
    expect(selectPublished(blog, later, { drafts: false, future: false, now: NOW }).due).toBe(at('2027-02-01'));
    expect(selectPublished(blog, later, { drafts: true, future: true, now: NOW }).due).toBe(at('2027-01-01'));
    expect(selectPublished(blog, [entry('old', '2026-01-01')], { drafts: false, future: false, now: NOW }).due).toBeUndefined();
    expect(earliestDue([undefined, at('2027-05-01'), at('2027-04-01')])).toBe(at('2027-04-01'));
    expect(earliestDue([undefined])).toBeUndefined();
  });

  it('a scheduled entry is published from 00:00 UTC of its day', () => {
    const at = (iso: string) => slugs(selectPublished(blog, [entry('later', '2027-01-01')], { drafts: false, future: false, now: Date.parse(iso) }).entries);
    expect(at('2026-12-31T23:59:59Z')).toEqual([]);
    expect(at('2027-01-01T00:00:00Z')).toEqual(['later']);
  });

  it('a draft dated later counts as a draft, and as scheduled once drafts are included', () => {
    const both = [entry('future-draft', '2027-05-01', true)];
    expect(selectPublished(blog, both, { drafts: false, future: false, now: NOW }).held).toEqual({ drafts: ['blog/future-draft.md'], scheduled: [] });
    expect(selectPublished(blog, both, { drafts: true, future: false, now: NOW }).held.scheduled.map((s) => s.file)).toEqual(['blog/future-draft.md']);
  });

  it('takes functions as well as field names', () => {
    const byFunction = collection.list('blog', schema, { draft: (e) => e.title.startsWith('w'), date: (e) => new Date(`${e.date}T09:30:00Z`) });
    const { entries: shown, held } = selectPublished(byFunction, entries.map((e) => ({ ...e, draft: undefined })), { drafts: false, future: false, now: NOW });
    // "today" at 09:30 is before the build's 12:00: published.
    expect(slugs(shown)).toEqual(['old', 'today', 'off']);
    expect(held.drafts).toEqual(['blog/wip.md']);
    expect(held.scheduled.map((s) => s.until)).toEqual(['2027-01-01T09:30:00.000Z']);
  });

  it("an exception in the site's function is the site's error, naming the option and the entry", () => {
    const throwing = collection.list('blog', schema, {
      draft: () => {
        throw new Error('no flag');
      },
    });
    // Where the function was written: this file, at its line.
    expect(() => selectPublished(throwing, [entries[0]!], { drafts: false, future: false, now: NOW })).toThrow(
      /^tests\/unit\/content\/selectPublished\.test\.ts:\d+: the site's `draft\(entry\) of the list collection of blog\/old\.md` threw: no flag\./,
    );
  });

  it('holds back by the schema\'s own draft and date fields when the collection names none', () => {
    const byDefault = collection.list('blog', schema);
    const { entries: shown, held } = selectPublished(byDefault, entries, { drafts: false, future: false, now: NOW });
    expect(slugs(shown)).toEqual(['old', 'today', 'off']);
    expect(held.drafts).toEqual(['blog/wip.md']);
    expect(held.scheduled.map((s) => s.file)).toEqual(['blog/later.md']);
    // A schema without such fields has nothing held back.
    const plain = collection.list('blog', z.object({ title: z.string() }));
    expect(selectPublished(plain, entries, { drafts: false, future: false, now: NOW }).entries).toBe(entries);
  });

  it('leaves a collection whose options turn both off as it is', () => {
    const plain = collection.list('blog', schema, { draft: false, date: false });
    const { entries: shown, held } = selectPublished(plain, entries, { drafts: false, future: false, now: NOW });
    expect(shown).toBe(entries);
    expect(held).toEqual({ drafts: [], scheduled: [] });
  });

  it('a draft flag that is not true or false, or a date that is not one, is a content error naming file and field', () => {
    const bad = (e: EntryMeta) => {
      try {
        selectPublished(blog, [e as never], { drafts: false, future: false, now: NOW });
      } catch (err) {
        return err as SiteError;
      }
      throw new Error('expected a SiteError');
    };
    const flag = bad({ ...entry('x', '2026-01-01'), draft: 'yes' } as never);
    expect(flag.code).toBe('ContentFieldInvalid');
    expect(flag.message).toBe('blog/x.md: field "draft" must be true or false (it marks a draft), but found "yes".');
    const date = bad(entry('y', 'soon'));
    expect(date.message).toBe('blog/y.md: field "date" must be a date (yyyy-MM-dd or an ISO date-time), but found "soon".');
    expect(bad(entry('z', '2026-02-30')).code).toBe('ContentFieldInvalid');
  });
});

describe('publicationMoment', () => {
  it('reads a day, a date-time and a Date; anything else is not a date', () => {
    expect(publicationMoment('2027-01-01')).toEqual({ at: Date.parse('2027-01-01T00:00:00Z'), until: '2027-01-01' });
    expect(publicationMoment('2027-01-01T08:00:00+02:00')).toEqual({ at: Date.parse('2027-01-01T06:00:00Z'), until: '2027-01-01T08:00:00+02:00' });
    expect(publicationMoment(new Date('2027-01-01T00:00:00Z'))).toEqual({ at: Date.parse('2027-01-01T00:00:00Z'), until: '2027-01-01' });
    for (const v of ['January 1, 2027', '2027-02-30', '', 20270101, null, new Date('nope')]) expect(publicationMoment(v)).toBeNull();
  });
});

describe('held-back report', () => {
  const scheduled = (file: string, until: string) => ({ file, until, at: Date.parse(`${until}T00:00:00Z`) });

  it('says nothing when nothing was held back', () => {
    expect(formatHeldBack(undefined)).toBe('');
    expect(formatHeldBack({ drafts: [], scheduled: [] })).toBe('');
  });

  it('counts drafts, names scheduled entries soonest first with their date, and names the flags', () => {
    const held = mergeHeld([
      { drafts: ['blog/a.md', 'blog/b.md'], scheduled: [scheduled('blog/x.md', '2027-01-01')] },
      { drafts: [], scheduled: [] },
    ]);
    expect(formatHeldBack(held)).toBe('Held back: 2 drafts, 1 scheduled (blog/x.md until 2027-01-01); --drafts / --future include them (a list whose dates are events keeps its later entries with date: false)\n');
    expect(formatHeldBack({ drafts: ['blog/a.md'], scheduled: [] })).toBe('Held back: 1 draft; --drafts includes it\n');
    const many = ['2027-04-01', '2027-02-01', '2027-03-01', '2027-01-01', '2027-05-01'].map((d, i) => scheduled(`blog/p${i}.md`, d));
    expect(formatHeldBack({ drafts: [], scheduled: many })).toBe(
      'Held back: 5 scheduled (blog/p3.md until 2027-01-01, blog/p1.md until 2027-02-01, blog/p2.md until 2027-03-01, 2 more); --future includes them (a list whose dates are events keeps its later entries with date: false)\n',
    );
  });
});
