/**
 * The page-weight budget: no page's HTML over `budgets.pageBytes` (default 150 KB). A listing of
 * thousands of entries on one page is what breaks it; the error names every page over, biggest
 * first, and says to paginate. Cached pages carry their size too. Pure.
 */
import { SiteError } from '../core/errors.ts';

/** 150 KB of HTML. */
export const PAGE_BYTES = 150 * 1024;

export function checkPageWeight(pages: { path: string; bytes: number }[], budget: number = PAGE_BYTES): void {
  const over = pages.filter((p) => p.bytes > budget).sort((a, b) => b.bytes - a.bytes || a.path.localeCompare(b.path));
  if (over.length) throw new SiteError('PageTooHeavy', { pages: over.map((p) => ({ url: p.path, bytes: p.bytes })), budget });
}
