/**
 * The markdown pipeline: remark + GFM (tables, strikethrough) + remark-html, with stable heading ids so
 * every section can be linked (#anchor) and checked. Pure: text in, HTML out.
 */
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkHtml from 'remark-html';
import { defaultSchema } from 'hast-util-sanitize';
import type { Root, Heading, Nodes, PhrasingContent } from 'mdast';

export interface MarkdownResult {
  html: string;
  headings: { depth: number; text: string; id: string }[];
  words: number;
}

/** Containers whose children run on in one line of text (no space between them). */
const inline = new Set(['paragraph', 'heading', 'tableCell', 'emphasis', 'strong', 'delete', 'link', 'linkReference']);

/** The text a reader sees: no markup, no link URLs, no raw HTML. */
const visibleText = (node: Nodes): string =>
  node.type === 'html'
    ? ''
    : node.type === 'break'
      ? ' '
      : 'value' in node
        ? node.value
        : 'children' in node
          ? (node.children as Nodes[]).map(visibleText).join(inline.has(node.type) ? '' : ' ')
          : '';

const plain = (nodes: PhrasingContent[]): string =>
  nodes.map((n) => ('value' in n ? n.value : 'children' in n ? plain(n.children as PhrasingContent[]) : '')).join('');

export const slugify = (s: string): string =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-');

function headingIds(this: unknown) {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    const seen = new Map<string, number>();
    const used = new Set<string>();
    const headings: MarkdownResult['headings'] = [];
    for (const node of tree.children) {
      if (node.type !== 'heading') continue;
      const h = node as Heading;
      const label = plain(h.children);
      const base = slugify(label) || 'section';
      // "Intro", "Intro", "Intro 1" -> intro, intro-1, intro-1-1: every id is unique.
      let n = seen.get(base) ?? 0;
      let id = n ? `${base}-${n}` : base;
      while (used.has(id)) id = `${base}-${++n}`;
      seen.set(base, n + 1);
      used.add(id);
      h.data = { ...h.data, hProperties: { id } };
      headings.push({ depth: h.depth, text: label, id });
    }
    file.data.headings = headings;
    file.data.words = visibleText(tree).split(/\s+/).filter(Boolean).length;
  };
}

// Sanitized HTML, but ids as written: the default "user-content-" prefix would break #anchor links.
const processor = remark()
  .use(remarkGfm)
  .use(headingIds)
  .use(remarkHtml, { sanitize: { ...defaultSchema, clobberPrefix: '' } });

export function renderMarkdown(source: string): MarkdownResult {
  const file = processor.processSync(source);
  return {
    html: String(file),
    headings: (file.data.headings as MarkdownResult['headings']) ?? [],
    words: (file.data.words as number) ?? 0,
  };
}
