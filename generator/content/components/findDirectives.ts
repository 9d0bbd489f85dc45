/**
 * The directives of a markdown text (the generic directives syntax, one a line, at the start of a line):
 * a leaf `::name[label]{key="value"}` and a container `:::name[label]{…}` … `:::`, whose lines between
 * are markdown. Lines inside fenced code stay text. Each directive line is replaced by a marker line that
 * both engines parse as an HTML comment block (which can interrupt a paragraph and ends on its own line),
 * so the text keeps its line count and both engines see the same blocks. Pure.
 */

/** One directive as written: what it is, its name, its label and attributes text, and its line in the text (1-based). */
export interface FoundDirective {
  kind: 'leaf' | 'open' | 'close';
  name: string;
  label?: string;
  attributes?: string;
  line: number;
}

/** The text with marker lines, and the directives in order (the marker's number is the index). */
export interface Directives {
  text: string;
  found: FoundDirective[];
}

/** A fence's opening line (up to three spaces in, three or more backticks or tildes). */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A directive line: colons, a name, an optional [label] and an optional {attributes}. */
const DIRECTIVE = /^(:{2,})([A-Za-z][\w-]*)(?:\[([^\]\n]*)\])?(?:\{([^}\n]*)\})?[ \t]*\r?$/;
/** The line that closes a container. */
const CLOSE = /^(:{3,})[ \t]*\r?$/;

/** The marker line of directive `index`: `prefix` (an HTML comment's start no author can guess), the number, the comment's end. */
export const markerLine = (prefix: string, index: number): string => `${prefix}${index}-->`;

/** The directives of `source`, or null when it has none (the check most texts stop at). */
export function findDirectives(source: string, prefix: string): Directives | null {
  if (!source.startsWith('::') && !source.includes('\n::')) return null;
  const lines = source.split('\n');
  const found: FoundDirective[] = [];
  /** The fence's marker while inside fenced code. */
  let fence: string | null = null;
  /** The colons of each open container, innermost last. */
  const open: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const c = line.charCodeAt(0);
    // Only a line that starts with a backtick, a tilde or a space can open or close a fence.
    const f = c === 96 || c === 126 || c === 32 ? FENCE.exec(line) : null;
    if (fence !== null) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length && line.slice(f[0].length).trim() === '') fence = null;
      continue;
    }
    if (f) {
      // A backtick fence's info string holds no backtick (CommonMark): else the line is text.
      if (f[1]![0] !== '`' || !line.slice(f[0].length).includes('`')) fence = f[1]!;
      continue;
    }
    if (line[0] !== ':' || line[1] !== ':') continue;
    const close = CLOSE.exec(line);
    if (close && open.length > 0 && close[1]!.length >= open[open.length - 1]!) {
      open.pop();
      lines[i] = markerLine(prefix, found.push({ kind: 'close', name: '', line: i + 1 }) - 1);
      continue;
    }
    const d = DIRECTIVE.exec(line);
    if (!d) continue;
    const colons = d[1]!.length;
    const directive: FoundDirective = { kind: colons === 2 ? 'leaf' : 'open', name: d[2]!, line: i + 1 };
    if (d[3] !== undefined) directive.label = d[3];
    if (d[4] !== undefined) directive.attributes = d[4];
    if (colons > 2) open.push(colons);
    lines[i] = markerLine(prefix, found.push(directive) - 1);
  }
  if (found.length === 0) return null;
  // A container left open ends with the text.
  for (let n = open.length; n > 0; n--) lines.push(markerLine(prefix, found.push({ kind: 'close', name: '', line: lines.length + 1 }) - 1));
  return { text: lines.join('\n'), found };
}
