/**
 * The file `site build` leaves in every folder it writes, and what it says: that a build may replace
 * the folder again, and which entries of the folder that build wrote. The next build takes the folder
 * only while it holds nothing else (besides the entries the user asks it to keep), so a file added by
 * hand is never deleted unasked (generator/output/checkOutDir.ts). Pure.
 */

/** The marker's name. A dot-file that `site preview` does not serve; its text is harmless where a host does. */
export const OUTPUT_MARKER = '.site-build';

const HEAD =
  'This folder was written by `site build`, which replaces it whole on every build.\n' +
  'Without this file, `site build` refuses to replace the folder unless given --empty-out-dir.\n' +
  'The entries below are the ones it wrote; any other stops the next build, so that nothing of yours is\n' +
  'deleted: move it out, or name it in --keep to have the build leave it in place.\n';

/** The marker's text for an output whose top-level entries are `entries` (the marker aside). */
export function markerText(entries: readonly string[]): string {
  return `${HEAD}\n${[...entries].filter((e) => e !== OUTPUT_MARKER).sort().join('\n')}\n`;
}

/** The entries a marker lists: those after its first blank line (none for a marker that lists none). */
export function markerEntries(text: string): string[] {
  const blank = text.indexOf('\n\n');
  if (blank < 0) return [];
  return text
    .slice(blank + 2)
    .split('\n')
    .filter((line) => line !== '' && line !== OUTPUT_MARKER);
}

/**
 * Why `name` cannot be kept in place by a build (an entry of the output folder's top level), or null
 * when it can. Worded to follow the name.
 */
export function keepNameProblem(name: string): string | null {
  if (name === '' || name === '.' || name === '..') return 'is not the name of an entry';
  if (/[/\\]/.test(name)) return 'is a path: --keep takes the names of entries at the top of the output folder, such as .git or CNAME';
  if (name === OUTPUT_MARKER) return "is the build's own marker file";
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'holds a control character';
  return null;
}
