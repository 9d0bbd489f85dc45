/**
 * GFM footnotes in an mdast tree, rewritten to render as markdown-it-footnote renders them, so a page
 * (its ids, its "#fn1" links, its CSS) does not depend on the markdown engine:
 *   text<sup class="footnote-ref"><a href="#fn1" id="fnref1">[1]</a></sup> … a second call: id="fnref1:1", [1:1]
 *   <hr class="footnotes-sep"><section class="footnotes"><ol class="footnotes-list">
 *   <li id="fn1" class="footnote-item"><p>Text. <a href="#fnref1" class="footnote-backref">↩︎</a></p></li></ol></section>
 * Footnotes are numbered in the order they are first called; a definition nobody calls is dropped (with
 * its words). Pure: changes the tree in place.
 */
import type { Properties } from 'hast';
import type { FootnoteDefinition, Parent, PhrasingContent, Root, RootContent } from 'mdast';
import { visit } from 'unist-util-visit';

/** An element written as its hName says (mdast-util-to-hast renders unknown nodes by their data). */
export interface SiteElement extends Parent {
  type: 'siteElement';
  children: RootContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    siteElement: SiteElement;
  }
  interface PhrasingContentMap {
    siteElement: SiteElement;
  }
}

type HastChildren = NonNullable<NonNullable<SiteElement['data']>['hChildren']>;

const element = (tagName: string, properties: Properties, children: RootContent[] = [], content?: HastChildren): SiteElement => ({
  type: 'siteElement',
  data: { hName: tagName, hProperties: properties, ...(content && { hChildren: content }) },
  children,
});

/** Blocks each followed by a line break (and one before the first with `open`), as markdown-it writes them. */
const lines = (nodes: RootContent[], open = false): RootContent[] => {
  const out: RootContent[] = open ? [{ type: 'text', value: '\n' }] : [];
  for (const node of nodes) out.push(node, { type: 'text', value: '\n' });
  return out;
};

/** ↩ with U+FE0E so that iOS does not draw it as an emoji (as markdown-it-footnote writes it). */
const BACK = '\u21a9\ufe0e';

export function remarkFootnotes(tree: Root): void {
  // Definitions by identifier; a later duplicate replaces an earlier one, as in markdown-it-footnote.
  const definitions = new Map<string, FootnoteDefinition>();
  const placed: [Parent, FootnoteDefinition][] = [];
  visit(tree, 'footnoteDefinition', (node, _index, parent) => {
    definitions.set(node.identifier, node);
    placed.push([parent!, node]);
  });
  if (definitions.size === 0) return;

  // Calls are numbered in document order, those inside a definition where the definition stands.
  const order: string[] = []; // identifiers in the order of their first call
  const calls = new Map<string, number>(); // identifier -> calls so far
  visit(tree, 'footnoteReference', (node, index, parent) => {
    if (!definitions.has(node.identifier)) return;
    const seen = calls.get(node.identifier) ?? 0;
    if (seen === 0) order.push(node.identifier);
    calls.set(node.identifier, seen + 1);
    const n = order.indexOf(node.identifier) + 1;
    const sub = seen > 0 ? `:${seen}` : '';
    const link = { type: 'element' as const, tagName: 'a', properties: { href: `#fn${n}`, id: `fnref${n}${sub}` }, children: [{ type: 'text' as const, value: `[${n}${sub}]` }] };
    parent!.children[index!] = element('sup', { className: ['footnote-ref'] }, [], [link]);
  });
  for (const [parent, node] of placed) parent.children.splice(parent.children.indexOf(node as never), 1);
  if (order.length === 0) return;

  const items = order.map((identifier, i): SiteElement => {
    const n = i + 1;
    const backs: PhrasingContent[] = [];
    for (let j = 0; j < calls.get(identifier)!; j++) {
      const href = `#fnref${n}${j > 0 ? `:${j}` : ''}`;
      backs.push({ type: 'text', value: ' ' }, element('a', { href, className: ['footnote-backref'] }, [], [{ type: 'text', value: BACK }]));
    }
    // The links back go at the end of the footnote's last paragraph, or after its last block.
    const children: RootContent[] = [...definitions.get(identifier)!.children];
    const last = children[children.length - 1];
    if (last?.type !== 'paragraph') return element('li', { id: `fn${n}`, className: ['footnote-item'] }, [...lines(children), ...backs]);
    children[children.length - 1] = { ...last, children: [...last.children, ...backs] };
    return element('li', { id: `fn${n}`, className: ['footnote-item'] }, lines(children));
  });
  tree.children.push(
    { type: 'thematicBreak', data: { hProperties: { className: ['footnotes-sep'] } } },
    element('section', { className: ['footnotes'] }, lines([element('ol', { className: ['footnotes-list'] }, lines(items, true))], true)),
  );
}
