/**
 * The markdown pipeline: remark + GFM (tables, strikethrough) + remark-html, with stable heading ids so
 * every section can be linked (#anchor) and checked. Pure: text in, HTML out.
 */
import { remark } from 'remark';
import remarkGfm from 'remark-gfm';
import remarkHtml from 'remark-html';
import type { Root, Heading, PhrasingContent } from 'mdast';

export interface MarkdownResult {
  html: string;
  headings: { depth: number; text: string; id: string }[];
  words: number;
}

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
    const headings: MarkdownResult['headings'] = [];
    for (const node of tree.children) {
      if (node.type !== 'heading') continue;
      const h = node as Heading;
      const label = plain(h.children);
      const base = slugify(label) || 'section';
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      const id = n ? `${base}-${n}` : base;
      h.data = { ...h.data, hProperties: { id } };
      headings.push({ depth: h.depth, text: label, id });
    }
    file.data.headings = headings;
  };
}

const processor = remark().use(remarkGfm).use(headingIds).use(remarkHtml);

export function renderMarkdown(source: string): MarkdownResult {
  const file = processor.processSync(source);
  const words = source.replace(/[#>*_`|\-\[\]()]/g, ' ').split(/\s+/).filter(Boolean).length;
  return { html: String(file), headings: (file.data.headings as MarkdownResult['headings']) ?? [], words };
}
