/**
 * What a markdown reference documents, by one rule each: an exported name is documented by a heading
 * "### `name`"; a config key by a table row of its section whose first cell is "`key`". Pure.
 */

/** The names of the document's "### `name`" headings. */
export function headingNames(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^### `([^`]+)`[ \t]*$/gm)].map((m) => m[1]!));
}

/** The names of the table rows that start with "| `name` |". */
export function tableRowNames(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!));
}

/** The text under the heading `heading` ("## Config"), up to the next heading of its level or above; "" when absent. */
export function section(markdown: string, heading: string): string {
  const level = /^#+/.exec(heading)![0].length;
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trimEnd() === heading);
  if (start < 0) return '';
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && /^#+/.exec(l)![0].length <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}
