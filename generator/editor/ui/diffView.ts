/** A diff's lines as a preformatted block: added lines marked +, removed -, left-out runs "…". */
import { h } from './dom.ts';

export type DiffItem = { op: ' ' | '-' | '+' | '…'; text: string };

export function diffView(lines: readonly DiffItem[], label: string): HTMLElement {
  const pre = h('pre', { class: 'ed-diff', tabindex: '0', 'aria-label': label });
  for (const l of lines) {
    const cls = l.op === '+' ? 'ed-add-line' : l.op === '-' ? 'ed-del-line' : l.op === '…' ? 'ed-gap-line' : 'ed-same-line';
    pre.append(l.op === '+' || l.op === '-' ? h(l.op === '+' ? 'ins' : 'del', { class: cls }, `${l.op} ${l.text}\n`) : h('span', { class: cls }, l.op === '…' ? '…\n' : `  ${l.text}\n`));
  }
  if (lines.length === 0) pre.append('(no change)');
  return pre;
}
