/**
 * A remark (mdast) tree as the tokens markdown-it's parser would have made of the same source, so the
 * remark engine goes through the same passes and renderer as markdown-it (siteMarkdownIt.ts): block
 * tokens with their nesting level (top-level headings get ids) and line ranges (image lines), tight
 * lists' paragraphs hidden, table alignment as markdown-it's style (finishTokens turns it into align),
 * footnote definitions and calls as markdown-it-footnote's parser leaves them for its footnote tail.
 * A task list item's box stays text ("[ ] todo"), as markdown-it writes it. What unified plugins set for
 * the HTML is kept: hName and hProperties become the element's tag and attributes; a node type only a
 * plugin knows becomes a div (a span in running text) around its children, or its text.
 */
import type { StateCore, Token } from 'markdown-it';
import type { List, Node, Root, RootContent, Table } from 'mdast';
import { inlineToken } from './mdastInline.ts';
import { closing, lineRange, token, tokenContext, type TokenContext } from './tokenContext.ts';

/** Appends the tokens of `tree` to state.tokens (and its footnotes to state.env). */
export function mdastTokens(tree: Root, state: StateCore): void {
  const cx = tokenContext(tree, state);
  for (const node of tree.children) block(cx, node, state.tokens, 0, false);
}

/** A block token at `level`, opening (1), closing (-1) or whole (0). */
function blockToken(cx: TokenContext, type: string, tag: string, nesting: -1 | 0 | 1, level: number, node?: Node): Token {
  const t = token(cx, type, tag, nesting, node);
  t.block = true;
  t.level = level;
  if (node) t.map = lineRange(node);
  return t;
}

/** A container: its open token, its children one level down, its close token. */
function container(cx: TokenContext, name: string, tag: string, node: Node, children: readonly RootContent[], out: Token[], level: number): void {
  const open = blockToken(cx, `${name}_open`, tag, 1, level, node);
  out.push(open);
  for (const child of children) block(cx, child, out, level + 1, false);
  out.push(closing(cx, open, `${name}_close`));
}

function block(cx: TokenContext, node: RootContent, out: Token[], level: number, tight: boolean): void {
  switch (node.type) {
    case 'paragraph':
    case 'heading': {
      const [name, tag] = node.type === 'paragraph' ? ['paragraph', 'p'] : ['heading', `h${node.depth}`];
      const open = blockToken(cx, `${name}_open`, tag, 1, level, node);
      open.hidden = tight && node.type === 'paragraph'; // a tight list's paragraphs are written without <p>
      out.push(open, inlineToken(cx, node.children, level + 1, node), closing(cx, open, `${name}_close`));
      return;
    }
    case 'thematicBreak':
      out.push(blockToken(cx, 'hr', 'hr', 0, level, node));
      return;
    case 'blockquote':
      return container(cx, 'blockquote', 'blockquote', node, node.children, out, level);
    case 'list':
      return list(cx, node, out, level);
    case 'code': {
      const t = blockToken(cx, 'fence', 'code', 0, level, node);
      t.info = node.lang ? (node.meta ? `${node.lang} ${node.meta}` : node.lang) : '';
      // remark's value of a fence holding one blank line is "", as that of an empty fence: the lines tell them apart.
      const blank = node.position !== undefined && node.position.end.line - node.position.start.line >= 2;
      t.content = node.value || blank ? `${node.value}\n` : '';
      t.markup = '```';
      out.push(t);
      return;
    }
    case 'html': {
      const t = blockToken(cx, 'html_block', '', 0, level, node);
      t.content = node.value;
      out.push(t);
      return;
    }
    case 'table':
      return table(cx, node, out, level);
    case 'footnoteDefinition': {
      const open = blockToken(cx, 'footnote_reference_open', '', 1, level, node);
      open.meta = { label: node.identifier };
      out.push(open);
      for (const child of node.children) block(cx, child, out, level + 1, false);
      out.push(closing(cx, open, 'footnote_reference_close'));
      return;
    }
    case 'definition':
      return;
    default:
      return unknown(cx, node as Node & { children?: RootContent[]; value?: unknown }, out, level);
  }
}

/** A list; it is tight (paragraphs hidden) unless there is a blank line between its items or inside one. */
function list(cx: TokenContext, node: List, out: Token[], level: number): void {
  const tight = !(node.spread || node.children.some((item) => item.spread));
  const [name, tag] = node.ordered ? ['ordered_list', 'ol'] : ['bullet_list', 'ul'];
  const open = blockToken(cx, `${name}_open`, tag, 1, level, node);
  if (node.ordered && typeof node.start === 'number' && node.start !== 1) open.attrs = [['start', String(node.start)], ...(open.attrs ?? [])];
  out.push(open);
  for (const item of node.children) {
    const li = blockToken(cx, 'list_item_open', 'li', 1, level + 1, item);
    out.push(li);
    const children = [...item.children];
    const first = children[0];
    if (typeof item.checked === 'boolean' && first?.type === 'paragraph') {
      children[0] = { ...first, children: [{ type: 'text', value: item.checked ? '[x] ' : '[ ] ' }, ...first.children] };
    }
    for (const child of children) block(cx, child, out, level + 2, tight);
    out.push(closing(cx, li, 'list_item_close'));
  }
  out.push(closing(cx, open, `${name}_close`));
}

/** A table: its first row the head, the others the body, every row as wide as the head. */
function table(cx: TokenContext, node: Table, out: Token[], level: number): void {
  const align = node.align ?? [];
  const columns = align.length || (node.children[0]?.children.length ?? 0);
  const open = blockToken(cx, 'table_open', 'table', 1, level, node);
  out.push(open);
  let section: Token | undefined;
  node.children.forEach((row, r) => {
    if (r < 2) {
      if (section) out.push(closing(cx, section, `${section.type.slice(0, 5)}_close`));
      section = blockToken(cx, r === 0 ? 'thead_open' : 'tbody_open', r === 0 ? 'thead' : 'tbody', 1, level + 1);
      out.push(section);
    }
    const tr = blockToken(cx, 'tr_open', 'tr', 1, level + 2, row);
    out.push(tr);
    const kind = r === 0 ? 'th' : 'td';
    for (let c = 0; c < columns; c++) {
      const cell = row.children[c];
      const cellOpen = blockToken(cx, `${kind}_open`, kind, 1, level + 3, cell);
      if (align[c]) cellOpen.attrs = [['style', `text-align:${align[c]}`], ...(cellOpen.attrs ?? [])];
      out.push(cellOpen);
      if (cell) out.push(inlineToken(cx, cell.children, level + 4, cell));
      out.push(closing(cx, cellOpen, `${kind}_close`));
    }
    out.push(closing(cx, tr, 'tr_close'));
  });
  if (section) out.push(closing(cx, section, `${section.type.slice(0, 5)}_close`));
  out.push(closing(cx, open, 'table_close'));
}

/** A node type only a plugin knows: a div of its hName around its blocks, or its text as a run of its own. */
function unknown(cx: TokenContext, node: Node & { children?: RootContent[]; value?: unknown }, out: Token[], level: number): void {
  if (Array.isArray(node.children)) return container(cx, 'site_element', 'div', node, node.children, out, level);
  if (typeof node.value === 'string') out.push(inlineToken(cx, [{ type: 'text', value: node.value }], level, node));
}
