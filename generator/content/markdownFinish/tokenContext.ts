/** What turning a remark tree into markdown-it tokens needs throughout: the token class, the link definitions and the footnotes. */
import type { StateCore, Token } from 'markdown-it';
import type { Data, Definition, Node, Root } from 'mdast';
import type { Properties } from 'hast';
import { visit } from 'unist-util-visit';
import { hastAttributes } from './hastAttributes.ts';

/** markdown-it-footnote's record in env: each label's number (-1 until first called), then each number's label and calls. */
export interface FootnoteEnv {
  refs: Record<string, number>;
  list?: { label: string; count: number }[];
}

export interface TokenContext {
  Token: typeof Token;
  /** markdown-it's URL normalisation (percent-encoding, punycode), as its parser applies it to every link. */
  normalizeLink: (url: string) => string;
  /** Link reference definitions by identifier: the first one counts. */
  definitions: Map<string, Definition>;
  footnotes: FootnoteEnv | undefined;
}

/** The context for one tree; its footnote definitions are registered in env as markdown-it-footnote's parser does. */
export function tokenContext(tree: Root, state: StateCore): TokenContext {
  const definitions = new Map<string, Definition>();
  let footnotes: FootnoteEnv | undefined;
  visit(tree, (node) => {
    if (node.type === 'definition' && !definitions.has(node.identifier)) definitions.set(node.identifier, node);
    else if (node.type === 'footnoteDefinition') (footnotes ??= { refs: {} }).refs[`:${node.identifier}`] = -1;
  });
  if (footnotes) (state.env as { footnotes?: FootnoteEnv }).footnotes = footnotes;
  return { Token: state.Token, normalizeLink: state.md.normalizeLink, definitions, footnotes };
}

/** A new token of this type; with `node`, the element its unified plugins asked for (hName, hProperties). */
export function token(cx: TokenContext, type: string, tag: string, nesting: -1 | 0 | 1, node?: Node): Token {
  const t = new cx.Token(type, tag, nesting);
  const data = node?.data as (Data & { hName?: string; hProperties?: Properties }) | undefined;
  if (data?.hName) t.tag = data.hName;
  if (data?.hProperties) t.attrs = hastAttributes(data.hProperties);
  return t;
}

/** The closing token of `open`, at its tag (which a plugin may have changed). */
export function closing(cx: TokenContext, open: Token, type: string): Token {
  const t = new cx.Token(type, open.tag, -1);
  t.level = open.level;
  t.block = open.block;
  t.hidden = open.hidden;
  return t;
}

/** markdown-it's line range of a node (0-based first line, end line exclusive). */
export const lineRange = (node: Node): [number, number] | null => (node.position ? [node.position.start.line - 1, node.position.end.line] : null);
