/**
 * A social card as plain data: the element tree a site's `socialImages.card` returns (React elements
 * from JSX, or satori's { type, props } objects), with function components called, fragments, null,
 * false and nested arrays flattened away, and numbers turned into text. What satori draws is exactly
 * this tree, so its JSON is what a card's image key hashes (socialImageKey.ts): a template edit that
 * changes no card makes no image again. Pure.
 */

export interface CardNode {
  type: string;
  props: { [prop: string]: unknown; children?: CardChild[] };
}

export type CardChild = CardNode | string;

interface ElementLike {
  type: unknown;
  props?: Record<string, unknown> | null;
}

const isElement = (v: unknown): v is ElementLike => typeof v === 'object' && v !== null && 'type' in v && !Array.isArray(v);

/** The card's root element as plain data; throws (a message for SocialCardFailed) when it is not one element. */
export function cardTree(root: unknown): CardNode {
  const nodes = children(root, 0);
  if (nodes.length !== 1 || typeof nodes[0] === 'string') throw new Error('the card must return one element (a <div> holding the rest)');
  return nodes[0];
}

/** A component tree this deep is a component that renders itself. */
const MAX_DEPTH = 200;

function children(value: unknown, depth: number): CardChild[] {
  if (depth > MAX_DEPTH) throw new Error(`the card's elements nest more than ${MAX_DEPTH} deep`);
  if (value === null || value === undefined || typeof value === 'boolean') return [];
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (typeof value === 'number' || typeof value === 'bigint') return [String(value)];
  if (Array.isArray(value)) return value.flatMap((v) => children(v, depth + 1));
  if (!isElement(value)) throw new Error(`the card holds ${Object.prototype.toString.call(value)}, which is neither an element nor text`);
  const props = value.props ?? {};
  if (typeof value.type === 'function') return children((value.type as (p: unknown) => unknown)(props), depth + 1);
  // React's Fragment (a symbol) and anything else that is not a tag: its children stand in its place.
  if (typeof value.type !== 'string') return children(props.children, depth + 1);
  const out: CardNode['props'] = {};
  for (const key of Object.keys(props).sort()) {
    if (key === 'children' || key === 'key' || key === 'ref') continue;
    const v = props[key];
    if (v !== undefined && typeof v !== 'function') out[key] = v;
  }
  const kids = joinText(children(props.children, depth + 1));
  if (kids.length) out.children = kids;
  return [{ type: value.type, props: out }];
}

/** Adjacent text joined into one run, as a browser's DOM has it ("Hello, " and a name: one line of text). */
function joinText(nodes: CardChild[]): CardChild[] {
  const out: CardChild[] = [];
  for (const n of nodes) {
    const last = out.length - 1;
    if (typeof n === 'string' && typeof out[last] === 'string') out[last] += n;
    else out.push(n);
  }
  return out;
}

/** The tree in the shape satori reads (a single child as itself, not in an array). */
export function satoriElement(node: CardNode): { type: string; props: Record<string, unknown> } {
  const { children: kids, ...rest } = node.props;
  if (!kids) return { type: node.type, props: rest };
  const mapped = kids.map((k) => (typeof k === 'string' ? k : satoriElement(k)));
  return { type: node.type, props: { ...rest, children: mapped.length === 1 ? mapped[0] : mapped } };
}
