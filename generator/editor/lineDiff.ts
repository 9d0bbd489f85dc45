/**
 * The lines two texts share and the lines each has alone, in order (Myers' algorithm on lines, after
 * the common start and end are set aside): what the editor shows as "changed since" for a file and
 * for an earlier version of it. Pure.
 */
export type DiffLine = { op: ' ' | '-' | '+'; text: string };

/** Lines of a text ('' has none; a final line break ends the last line). */
export const linesOf = (text: string): string[] => (text === '' ? [] : text.replace(/\r\n/g, '\n').replace(/\n$/, '').split('\n'));

function middle(a: string[], b: string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[max + k - 1]! < v[max + k + 1]!) ? v[max + k + 1]! : v[max + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[max + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, max, d);
    }
  }
  return [];
}

function backtrack(trace: Int32Array[], a: string[], b: string[], max: number, last: number): DiffLine[] {
  const out: DiffLine[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = last; d > 0; d--) {
    const v = trace[d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && v[max + k - 1]! < v[max + k + 1]!) ? k + 1 : k - 1;
    const prevX = v[max + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) out.push({ op: ' ', text: a[--x]! }), y--;
    if (x === prevX) out.push({ op: '+', text: b[--y]! });
    else out.push({ op: '-', text: a[--x]! });
  }
  while (x > 0 && y > 0) out.push({ op: ' ', text: a[--x]! }), y--;
  return out.reverse();
}

export function lineDiff(before: string, after: string): DiffLine[] {
  const a = linesOf(before);
  const b = linesOf(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const same = (lines: string[]) => lines.map((text): DiffLine => ({ op: ' ', text }));
  return [...same(a.slice(0, start)), ...middle(a.slice(start, a.length - end), b.slice(start, b.length - end)), ...same(a.slice(a.length - end))];
}

/** The changed lines with `context` unchanged lines around each run; "…" lines stand for what is left out. */
export function diffHunks(lines: DiffLine[], context = 2): (DiffLine | { op: '…'; text: string })[] {
  const keep = lines.map(() => false);
  lines.forEach((l, i) => {
    if (l.op === ' ') return;
    for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) keep[j] = true;
  });
  const out: (DiffLine | { op: '…'; text: string })[] = [];
  lines.forEach((l, i) => {
    if (keep[i]) out.push(l);
    else if (i === 0 || keep[i - 1]) out.push({ op: '…', text: '' });
  });
  return out;
}
