const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2025-10-24" -> "October 24, 2025" (MMMM d, yyyy), independent of time zone and locale. */
export function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${months[m - 1]} ${d}, ${y}`;
}
