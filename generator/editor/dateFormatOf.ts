/**
 * Whether a string pattern asks for a date: it accepts a sample day (or date-time) and refuses texts
 * that are no dates, so a year (/^\d{4}$/), a slug or "any text" pattern is not taken for one.
 */
const DAY = '2024-01-31';
const MOMENT = '2024-01-31T10:30:00Z';
const NOT_DATES = ['abcd-ef-gh', 'x', '2024', '/2024-01-31'];

export function dateFormatOf(pattern: RegExp): 'date' | 'datetime' | undefined {
  // A fresh copy without g/y: a stateful regex would answer by its lastIndex.
  const re = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
  if (NOT_DATES.some((s) => re.test(s))) return undefined;
  if (re.test(DAY)) return 'date';
  if (re.test(MOMENT)) return 'datetime';
  return undefined;
}
