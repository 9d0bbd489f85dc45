/**
 * The build report's line on what a build held back (selectPublished.ts), or "" when nothing was:
 *   Held back: 2 drafts, 1 scheduled (blog/x.md until 2027-01-01); --drafts / --future include them
 *   (a list whose dates are events keeps its later entries with date: false)
 * A list whose schema has a `date` field holds back later entries by default, which for a list of events
 * is every upcoming one: the line says how to keep them. Pure.
 */
import type { HeldBack } from './selectPublished.ts';

/** At most this many scheduled entries are named; the rest are counted. */
const NAMED = 3;

export function formatHeldBack(held: HeldBack | undefined): string {
  if (!held || (held.drafts.length === 0 && held.scheduled.length === 0)) return '';
  const parts: string[] = [];
  const flags: string[] = [];
  if (held.drafts.length) {
    parts.push(`${held.drafts.length} draft${held.drafts.length === 1 ? '' : 's'}`);
    flags.push('--drafts');
  }
  if (held.scheduled.length) {
    const soonest = [...held.scheduled].sort((a, b) => a.at - b.at || a.file.localeCompare(b.file));
    const named = soonest.slice(0, NAMED).map((s) => `${s.file} until ${s.until}`);
    if (soonest.length > NAMED) named.push(`${soonest.length - NAMED} more`);
    parts.push(`${held.scheduled.length} scheduled (${named.join(', ')})`);
    flags.push('--future');
  }
  const keep = held.scheduled.length ? ` (a list whose dates are events keeps its later entries with date: false)` : '';
  return `Held back: ${parts.join(', ')}; ${flags.join(' / ')} include${flags.length === 1 ? 's' : ''} ${flags.length === 1 && held.drafts.length + held.scheduled.length === 1 ? 'it' : 'them'}${keep}\n`;
}
