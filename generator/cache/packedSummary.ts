/**
 * A page summary as the pages pack stores it: the id and reference lists
 * joined into one string each. Thousands of pages carry the same nav and
 * footer links; one long string per page parses and serializes several
 * times faster than an array of short ones. NUL cannot occur in HTML
 * attribute values (the parser replaces it), so it separates safely.
 */
import type { PageSummary } from '../checks/summarizePage.ts';

export type PackedSummary = Omit<PageSummary, 'ids' | 'refs'> & { ids: string; refs: string };

const SEP = '\0';
const split = (s: string) => (s === '' ? [] : s.split(SEP));

export const packSummary = (s: PageSummary): PackedSummary => ({ ...s, ids: s.ids.join(SEP), refs: s.refs.join(SEP) });

export const unpackSummary = (s: PackedSummary): PageSummary => ({ ...s, ids: split(s.ids), refs: split(s.refs) });
