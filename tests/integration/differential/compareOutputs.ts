/**
 * Two outputs compared byte for byte, file by file (path -> bytes), and what a failure says: the first
 * file (in path order) that is missing, extra or different, with its first differing line, and how many
 * more differ. Pure.
 */
export type Output = Map<string, Buffer>;

export interface Difference {
  file: string;
  /** What differs: "missing", "extra", or the first differing line of both sides. */
  detail: string;
  /** Every file that differs, in path order (the first is `file`). */
  files: string[];
}

const WINDOW = 100;

/** A line cut around column `at`, so a long line still shows where it differs. */
const around = (line: string, at: number) => {
  const start = Math.max(0, at - WINDOW / 2);
  return `${start > 0 ? '…' : ''}${line.slice(start, start + WINDOW)}${start + WINDOW < line.length ? '…' : ''}`;
};

/** The first differing line of two texts, as a two-line diff; for binary files, the first differing byte. */
export function firstDifferingLine(expected: Buffer, actual: Buffer): string {
  const binary = (b: Buffer) => b.subarray(0, 8000).includes(0) || b.toString('utf8').includes('\uFFFD');
  if (binary(expected) || binary(actual)) {
    let at = 0;
    while (at < expected.length && at < actual.length && expected[at] === actual[at]) at++;
    return `binary: ${expected.length} bytes expected, ${actual.length} found; first differing byte at ${at}`;
  }
  const a = expected.toString('utf8').split('\n');
  const b = actual.toString('utf8').split('\n');
  let line = 0;
  while (line < a.length && line < b.length && a[line] === b[line]) line++;
  const x = a[line] ?? '<end of file>';
  const y = b[line] ?? '<end of file>';
  let col = 0;
  while (col < x.length && col < y.length && x[col] === y[col]) col++;
  return `line ${line + 1}, column ${col + 1}:\n  - ${around(x, col)}\n  + ${around(y, col)}`;
}

/** null when both hold the same files with the same bytes. */
export function compareOutputs(expected: Output, actual: Output): Difference | null {
  const names = [...new Set([...expected.keys(), ...actual.keys()])].sort();
  const differing = names.filter((f) => !expected.get(f)?.equals(actual.get(f) ?? Buffer.alloc(0)) || !actual.has(f));
  if (!differing.length) return null;
  const file = differing[0]!;
  const detail = !actual.has(file) ? 'missing (the cold build wrote it)' : !expected.has(file) ? 'extra (the cold build did not write it)' : firstDifferingLine(expected.get(file)!, actual.get(file)!);
  return { file, detail, files: differing };
}

/** A failure's text: what to replay, which path, the first differing file and its first differing line. */
export function describeDifference(what: { fixture: string; seed: number | null; path: string; replay: string; thread?: string }, d: Difference): string {
  const seed = what.seed === null ? 'the fixture as it is' : `seed ${what.seed}`;
  const more = d.files.length > 1 ? `\n${d.files.length - 1} more differ: ${d.files.slice(1, 9).join(', ')}${d.files.length > 9 ? ', …' : ''}` : '';
  return `${what.fixture}, ${seed}, path "${what.path}": ${d.file} differs from the cold build: ${d.detail}${what.thread ? `\n${what.thread}` : ''}${more}\nReplay: ${what.replay}`;
}
