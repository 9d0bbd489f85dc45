/**
 * What the markdown toolbar does to the body's text: each edit takes the text and the selection and
 * gives the new text and selection (the part an author types next is selected). Pure.
 */
export interface Selection {
  text: string;
  start: number;
  end: number;
}

export type MarkdownEdit = 'heading' | 'bold' | 'italic' | 'link' | 'bullets' | 'numbers' | 'code' | 'quote' | 'table';

/** Wraps the selection in `before` and `after` (or the placeholder, selected, when nothing is selected). */
function wrap(s: Selection, before: string, after: string, placeholder: string): Selection {
  const chosen = s.text.slice(s.start, s.end) || placeholder;
  const text = s.text.slice(0, s.start) + before + chosen + after + s.text.slice(s.end);
  return { text, start: s.start + before.length, end: s.start + before.length + chosen.length };
}

/** The selection grown to whole lines. */
function lineSpan(s: Selection): { from: number; to: number } {
  const from = s.text.lastIndexOf('\n', s.start - 1) + 1;
  const nl = s.text.indexOf('\n', s.end > s.start && s.text[s.end - 1] === '\n' ? s.end - 1 : s.end);
  return { from, to: nl < 0 ? s.text.length : nl };
}

/** Each selected line given a prefix (`number`: "1. ", "2. ", ...); lines that have it already lose it. */
function prefixLines(s: Selection, prefix: (i: number) => string, has: RegExp): Selection {
  const { from, to } = lineSpan(s);
  const lines = s.text.slice(from, to).split('\n');
  const all = lines.every((l) => has.test(l));
  const next = lines.map((l, i) => (all ? l.replace(has, '') : prefix(i) + l.replace(has, ''))).join('\n');
  return { text: s.text.slice(0, from) + next + s.text.slice(to), start: from, end: from + next.length };
}

/** A block of its own at the cursor: a blank line before and after it, whatever surrounds it. */
export function insertBlock(s: Selection, block: string, select?: { start: number; end: number }): Selection {
  const head = s.text.slice(0, s.start).replace(/[ \t]*$/, '');
  const tail = s.text.slice(s.end).replace(/^[ \t]*/, '');
  const before = head === '' ? '' : head.endsWith('\n\n') ? '' : head.endsWith('\n') ? '\n' : '\n\n';
  // Nothing after it but the final line break: that is its end.
  const after = tail === '' ? '\n' : tail === '\n' || tail.startsWith('\n\n') ? '' : tail.startsWith('\n') ? '\n' : '\n\n';
  const at = head.length + before.length;
  return { text: head + before + block + after + tail, start: at + (select?.start ?? block.length), end: at + (select?.end ?? block.length) };
}

const TABLE = '| Column | Column |\n| --- | --- |\n| Text | Text |';

export function applyEdit(edit: MarkdownEdit, s: Selection): Selection {
  switch (edit) {
    case 'bold':
      return wrap(s, '**', '**', 'bold text');
    case 'italic':
      return wrap(s, '_', '_', 'italic text');
    case 'link': {
      const label = s.text.slice(s.start, s.end) || 'link text';
      const text = `${s.text.slice(0, s.start)}[${label}](https://)${s.text.slice(s.end)}`;
      const url = s.start + label.length + 3;
      return { text, start: url, end: url + 'https://'.length };
    }
    case 'heading':
      return prefixLines(s, () => '## ', /^#{1,6} /);
    case 'bullets':
      return prefixLines(s, () => '- ', /^[-*+] /);
    case 'numbers':
      return prefixLines(s, (i) => `${i + 1}. `, /^\d+\. /);
    case 'quote':
      return prefixLines(s, () => '> ', /^> ?/);
    case 'code': {
      const chosen = s.text.slice(s.start, s.end);
      if (!chosen.includes('\n')) return wrap(s, '`', '`', 'code');
      return insertBlock(s, `\`\`\`\n${chosen.replace(/\n$/, '')}\n\`\`\``);
    }
    case 'table':
      return insertBlock(s, TABLE, { start: 2, end: 8 });
  }
}

/** The directive that places a component with its props (`::tally{label="Votes" start=3}`), around the selection for a container. */
export function directive(name: string, props: Record<string, unknown>, container: boolean, inner: string): { block: string; select: { start: number; end: number } } {
  const attrs = Object.entries(props)
    .filter(([, v]) => v !== undefined && v !== '' && v !== false)
    .map(([k, v]) => {
      if (v === true) return k;
      if (typeof v === 'number') return `${k}=${v}`;
      const s = String(v);
      return s.includes('"') ? `${k}='${s.replace(/'/g, '’')}'` : `${k}="${s}"`;
    });
  const head = `${container ? ':::' : '::'}${name}${attrs.length ? `{${attrs.join(' ')}}` : ''}`;
  if (!container) return { block: head, select: { start: head.length, end: head.length } };
  const text = inner.replace(/\n+$/, '') || 'Text inside.';
  return { block: `${head}\n${text}\n:::`, select: { start: head.length + 1, end: head.length + 1 + text.length } };
}
