/**
 * Drafts and scheduled entries (Hugo's -D / -F): which entries of a list
 * collection a build shows. A draft (the collection's `draft` field or
 * function says so; by default its schema's `draft` field, when it has one)
 * is held back unless drafts are included; an entry whose publication date
 * (`date`; by default its schema's `date` field) is after the build's moment
 * is held back until then unless future entries are included. `false` turns
 * either off. Held-back entries are simply not
 * in the collection the site's routes and files see: no page, no sitemap or
 * feed line, no listing. Entries shown anyway carry `draft: true` or
 * `scheduled: <date>` for templates to mark them. Pure.
 */
import { SiteError } from '../core/errors.ts';
import type { EntryMeta, ListCollection } from '../site/defineConfig.ts';
import { siteSource } from '../core/siteSource.ts';

export interface PublishOptions {
  /** Include drafts (`site build --drafts`; always in `site dev`). */
  drafts: boolean;
  /** Include entries dated after `now` (`site build --future`; always in `site dev`). */
  future: boolean;
  /** The build's moment, ms since the epoch (UTC). */
  now: number;
}

/** What a build left out: drafts, and scheduled entries with their date (`at`: its moment, ms). */
export interface HeldBack {
  drafts: string[];
  scheduled: { file: string; until: string; at: number }[];
}

export const noneHeld = (): HeldBack => ({ drafts: [], scheduled: [] });

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A publication date as its moment (a bare day starts at 00:00 UTC) and as shown; null when it is not a date. */
export function publicationMoment(value: unknown): { at: number; until: string } | null {
  if (value instanceof Date) {
    const at = value.getTime();
    return Number.isNaN(at) ? null : { at, until: value.toISOString().replace(/T00:00:00\.000Z$/, '') };
  }
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const day = DAY.test(value);
  // Date.parse rolls 2025-02-30 over to March 2: a day must be one of the calendar.
  if (day && !isCalendarDay(value)) return null;
  const at = Date.parse(day ? `${value}T00:00:00Z` : value);
  return Number.isNaN(at) ? null : { at, until: value };
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Whether a yyyy-MM-dd names a day of the calendar (arithmetic: thousands of entries per build). */
function isCalendarDay(s: string): boolean {
  const [y, m, d] = [Number(s.slice(0, 4)), Number(s.slice(5, 7)), Number(s.slice(8, 10))];
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return m >= 1 && m <= 12 && d >= 1 && d <= (m === 2 && leap ? 29 : MONTH_DAYS[m - 1]!);
}

/**
 * Whether a date is after `today` (the build's yyyy-MM-dd), and its moment if so; null when it is not a
 * date. A bare day of the past, the common case, is compared as text: nothing parsed.
 */
function laterMoment(value: unknown, today: string, now: number): { at: number; until: string } | false | null {
  if (typeof value === 'string' && value.length === 10 && value <= today && DAY.test(value)) return isCalendarDay(value) ? false : null;
  const moment = publicationMoment(value);
  return moment && (moment.at > now ? moment : false);
}

/** A field of the entry, or what the site's function says of it (an exception in it is the site's). */
function read<E>(how: string | ((entry: E) => unknown), entry: E, option: 'draft' | 'date'): unknown {
  if (typeof how !== 'function') return (entry as Record<string, unknown>)[how];
  try {
    return how(entry);
  } catch (e) {
    if (e instanceof SiteError) throw e;
    throw new SiteError('SiteHookFailed', { hook: `${option}(entry) of the list collection of ${(entry as EntryMeta).file}`, reason: e instanceof Error ? e.message : String(e), ...siteSource(e) });
  }
}

const invalid = (entry: EntryMeta, how: unknown, expected: string, value: unknown) =>
  new SiteError('ContentFieldInvalid', {
    file: entry.file,
    field: typeof how === 'string' ? how : '(the collection\'s function)',
    expected,
    found: value === undefined ? 'nothing' : JSON.stringify(value),
  });

type How<E> = string | ((entry: E) => unknown);

/**
 * What marks a draft, or dates an entry: the collection's option when it gives one (`false`: nothing),
 * else the schema's field of that name when its schema (an object) has one.
 */
export function publishField<E>(list: ListCollection, option: 'draft' | 'date'): How<E> | undefined {
  const given = list[option] as How<E> | false | undefined;
  if (given !== undefined) return given === false ? undefined : given;
  // Read as data, not by class: the site's zod may be another copy than the engine's.
  const shape = (list.schema as { shape?: unknown }).shape;
  return typeof shape === 'object' && shape !== null && option in shape ? option : undefined;
}

/**
 * The entries a build shows, in their order, and what it held back. Entries neither draft nor scheduled
 * are passed through as they are (the same objects); the others shown are copies with their marker.
 * `due`: the earliest date of an entry dated later, held back or marked: from then on a build differs.
 */
export function selectPublished<E extends EntryMeta>(
  list: ListCollection,
  entries: E[],
  options: PublishOptions,
): { entries: E[]; held: HeldBack; due?: number } {
  const held = noneHeld();
  const draft = publishField<E>(list, 'draft');
  const date = publishField<E>(list, 'date');
  if (!draft && !date) return { entries, held };
  const shown: E[] = [];
  let due: number | undefined;
  const today = new Date(options.now).toISOString().slice(0, 10);
  for (const entry of entries) {
    const flag = draft ? read(draft, entry, 'draft') : undefined;
    if (flag !== undefined && typeof flag !== 'boolean') throw invalid(entry, draft, 'must be true or false (it marks a draft)', flag);
    const dated = date ? read(date, entry, 'date') : undefined;
    const later = dated === undefined ? false : laterMoment(dated, today, options.now);
    if (later === null) throw invalid(entry, date, 'must be a date (yyyy-MM-dd or an ISO date-time)', dated);
    if (later && !(flag && !options.drafts)) due = Math.min(due ?? Infinity, later.at);
    if (flag && !options.drafts) held.drafts.push(entry.file);
    else if (later && !options.future) held.scheduled.push({ file: entry.file, until: later.until, at: later.at });
    else if (flag || later) shown.push({ ...entry, ...(flag ? { draft: true } : {}), ...(later ? { scheduled: later.until } : {}) });
    else shown.push(entry);
  }
  return { entries: shown, held, ...(due === undefined ? {} : { due }) };
}

/** Several collections' held-back entries as one. */
export const mergeHeld = (all: HeldBack[]): HeldBack => ({
  drafts: all.flatMap((h) => h.drafts),
  scheduled: all.flatMap((h) => h.scheduled),
});

/** The earliest of several collections' `due`. */
export const earliestDue = (dues: (number | undefined)[]): number | undefined => {
  const known = dues.filter((d): d is number => d !== undefined);
  return known.length ? Math.min(...known) : undefined;
};
