/** Heading ids, the same for both markdown engines: a slug of the heading's text, unique within a document. Pure. */

export const slugify = (s: string): string =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');

/**
 * A fresh id allocator for one document: give it each heading's text in order, it returns the heading's
 * id. "Intro", "Intro", "Intro 1" -> intro, intro-1, intro-1-1: every id is unique; a heading without
 * letters or digits is "section".
 */
export function headingIds(): (text: string) => string {
  const seen = new Map<string, number>();
  const used = new Set<string>();
  return (text) => {
    const base = slugify(text) || 'section';
    let n = seen.get(base) ?? 0;
    let id = n ? `${base}-${n}` : base;
    while (used.has(id)) id = `${base}-${++n}`;
    seen.set(base, n + 1);
    used.add(id);
    return id;
  };
}
