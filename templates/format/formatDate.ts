const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "2025-10-24" -> "October 24, 2025" (MMMM d, yyyy), independent of time zone and locale. Dates arrive
 * validated as yyyy-MM-dd (content/schemas.ts); it runs for every card of the blog index, so it slices
 * instead of splitting.
 */
export function formatDate(iso: string): string {
  return `${months[Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}, ${Number(iso.slice(0, 4))}`;
}
