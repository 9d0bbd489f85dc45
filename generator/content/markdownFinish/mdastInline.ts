/** Phrasing content of a remark tree as markdown-it's inline tokens, the way markdown-it's own inline rules write them. */
import type { Token } from 'markdown-it';
import type { FootnoteReference, Node, PhrasingContent } from 'mdast';
import { closing, lineRange, token, type TokenContext } from './tokenContext.ts';

/** One inline run: the `inline` token of the block `at`, holding its phrasing content. */
export function inlineToken(cx: TokenContext, children: readonly PhrasingContent[], level: number, at: Node): Token {
  const t = new cx.Token('inline', '', 0);
  t.level = level;
  t.block = true;
  t.map = lineRange(at);
  t.children = [];
  for (const node of children) phrase(cx, node, t.children);
  return t;
}

const WRAPPERS: Record<string, [type: string, tag: string, markup: string]> = {
  emphasis: ['em', 'em', '*'],
  strong: ['strong', 'strong', '**'],
  delete: ['s', 's', '~~'],
};

function phrase(cx: TokenContext, node: PhrasingContent, out: Token[]): void {
  switch (node.type) {
    case 'text':
      return text(cx, node.value, out);
    case 'emphasis':
    case 'strong':
    case 'delete': {
      const [type, tag, markup] = WRAPPERS[node.type]!;
      const open = token(cx, `${type}_open`, tag, 1, node);
      open.markup = markup;
      out.push(open);
      for (const child of node.children) phrase(cx, child, out);
      out.push(closing(cx, open, `${type}_close`));
      return;
    }
    case 'inlineCode': {
      const t = token(cx, 'code_inline', 'code', 0, node);
      t.content = node.value;
      t.markup = '`';
      out.push(t);
      return;
    }
    case 'break':
      out.push(token(cx, 'hardbreak', 'br', 0, node));
      return;
    case 'html': {
      const t = new cx.Token('html_inline', '', 0);
      t.content = node.value;
      out.push(t);
      return;
    }
    case 'link':
      return link(cx, node, node.url, node.title, node.children, out);
    case 'image':
      return image(cx, node, node.url, node.title, node.alt, out);
    case 'linkReference':
    case 'imageReference': {
      const definition = cx.definitions.get(node.identifier);
      if (definition && node.type === 'linkReference') return link(cx, node, definition.url, definition.title, node.children, out);
      if (definition && node.type === 'imageReference') return image(cx, node, definition.url, definition.title, node.alt, out);
      // Not defined (a plugin made it): its text as written, as remark writes it.
      const suffix = node.referenceType === 'full' ? `[${node.label ?? node.identifier}]` : node.referenceType === 'collapsed' ? '[]' : '';
      if (node.type === 'imageReference') return text(cx, `![${node.alt ?? ''}]${suffix}`, out);
      text(cx, '[', out);
      for (const child of node.children) phrase(cx, child, out);
      return text(cx, `]${suffix}`, out);
    }
    case 'footnoteReference':
      return footnoteReference(cx, node, out);
    default:
      return unknown(cx, node as Node, out);
  }
}

/** A text node, its line breaks as softbreak tokens without the spaces around them (as markdown-it's newline rule). */
function text(cx: TokenContext, value: string, out: Token[]): void {
  const lines = value.includes('\n') || value.includes('\r') ? value.split(/\r?\n|\r/) : [value];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (i > 0) {
      out.push(new cx.Token('softbreak', 'br', 0));
      line = line.replace(/^[ \t]+/, '');
    }
    if (i < lines.length - 1) line = line.replace(/ +$/, '');
    if (line === '') continue;
    const t = new cx.Token('text', '', 0);
    t.content = line;
    out.push(t);
  }
}

function link(cx: TokenContext, node: Node, url: string, title: string | null | undefined, children: readonly PhrasingContent[], out: Token[]): void {
  const open = token(cx, 'link_open', 'a', 1, node);
  open.attrs = [['href', cx.normalizeLink(url)], ...(title ? [['title', title] as [string, string]] : []), ...(open.attrs ?? [])];
  out.push(open);
  for (const child of children) phrase(cx, child, out);
  out.push(closing(cx, open, 'link_close'));
}

function image(cx: TokenContext, node: Node, url: string, title: string | null | undefined, alt: string | null | undefined, out: Token[]): void {
  const t = token(cx, 'image', 'img', 0, node);
  t.attrs = [['src', cx.normalizeLink(url)], ['alt', ''], ...(title ? [['title', title] as [string, string]] : []), ...(t.attrs ?? [])];
  t.content = alt ?? '';
  t.children = [];
  if (alt) text(cx, alt, t.children);
  out.push(t);
}

/** A footnote call, numbered as markdown-it-footnote numbers them: in the order first called, each later call a sub-id. */
function footnoteReference(cx: TokenContext, node: FootnoteReference, out: Token[]): void {
  const label = node.identifier;
  const footnotes = cx.footnotes;
  const known = footnotes?.refs[`:${label}`];
  if (footnotes === undefined || known === undefined) return text(cx, `[^${node.label ?? label}]`, out);
  const list = (footnotes.list ??= []);
  const id = known >= 0 ? known : list.push({ label, count: 0 }) - 1;
  footnotes.refs[`:${label}`] = id;
  const t = new cx.Token('footnote_ref', '', 0);
  t.meta = { id, subId: list[id]!.count++, label };
  out.push(t);
}

/** A node type remark's plugins made: an element of its hName (span by default) around its children, or its text. */
function unknown(cx: TokenContext, node: Node & { children?: PhrasingContent[]; value?: unknown }, out: Token[]): void {
  if (Array.isArray(node.children)) {
    const open = token(cx, 'site_element_open', 'span', 1, node);
    out.push(open);
    for (const child of node.children) phrase(cx, child, out);
    out.push(closing(cx, open, 'site_element_close'));
  } else if (typeof node.value === 'string') text(cx, node.value, out);
}
