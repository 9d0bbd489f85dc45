/**
 * The remark engine's last pass over the mdast tree, after every plugin: what markdown.ts's finish()
 * does for markdown-it, so both engines show the same page.
 * - raw HTML (html nodes) is dropped; the text between inline tags stays;
 * - a link or image whose URL markdown-it's validateLink refuses (javascript:, vbscript:, file:, data:
 *   other than gif/png/jpeg/webp images) loses its href or src, and keeps its text or alt;
 * - top-level headings get unique ids (headingIds) and are listed;
 * - the words a reader sees are counted: text and code, not URLs, image alt text or footnote marks;
 *   markup inside a word ("on**brand**") does not split it, blocks and line breaks do;
 * - footnotes are written as markdown-it-footnote writes them (remarkFootnotes);
 * - fenced code with a language is highlighted as markdown-it's is (highlightCode.ts), unless the
 *   renderer was made without a highlighter.
 * Table alignment needs nothing: mdast-util-to-hast already writes align="…", never style.
 */
import type { Heading, Image, ImageReference, LinkReference, Nodes, Parents, Root } from 'mdast';
import type { VFile } from 'vfile';
import { visit } from 'unist-util-visit';
import { countWords } from './countWords.ts';
import { headingIds } from './headingIds.ts';
import { validateLink, type MarkdownResult } from './markdown.ts';
import { remarkFootnotes } from './remarkFootnotes.ts';
import { highlightedBlock, type Highlighter } from './highlightCode.ts';
import { markdownImageHtml, type MarkdownSource } from '../images/markdownImages.ts';

/** Where the pass leaves its findings: file.data.site. */
export type SiteFindings = Omit<MarkdownResult, 'html'>;

/** A heading's plain text (the words of its text and code, a line break as a space), for its id and the contents list. */
function plainText(node: Nodes): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return node.value.replace(/\r?\n/g, ' ');
    case 'break':
      return ' ';
    case 'image':
    case 'html':
      return '';
    default:
      return 'children' in node ? (node.children as Nodes[]).map(plainText).join('') : '';
  }
}

/** Gives the element made from node this attribute value (null: none). */
function setProperty(node: Nodes, name: string, value: string | null): void {
  node.data = { ...node.data, hProperties: { ...node.data?.hProperties, [name]: value } };
}

export function remarkSiteFinish(options: { highlight?: Highlighter | null } = {}) {
  const highlight = options.highlight ?? null;
  return (tree: Root, file: VFile): void => {
    remarkFootnotes(tree);
    const idFor = headingIds();
    const headings: MarkdownResult['headings'] = [];
    const urls = new Map<string, string>(); // link reference definitions: the first one counts
    const references: (LinkReference | ImageReference)[] = [];
    const images: { node: Image; parent: Parents }[] = [];
    let words = 0;
    let inWord = false;
    visit(tree, (node, index, parent) => {
      switch (node.type) {
        case 'html':
          parent!.children.splice(index!, 1);
          return index!; // go on with the node that took its place
        case 'heading':
          inWord = false;
          // Only top-level headings get an id: not those inside lists, quotes or footnotes.
          if (parent === tree) heading(node);
          break;
        case 'paragraph':
        case 'tableCell':
          inWord = false; // a new run of inline text
          break;
        case 'text':
        case 'inlineCode': {
          const counted = countWords(node.value, inWord);
          words += counted >> 1;
          inWord = (counted & 1) === 1;
          break;
        }
        case 'break':
          inWord = false;
          break;
        case 'code': {
          words += countWords(node.value) >> 1;
          // The text markdown-it highlights: the block's lines, each ending in a line break.
          const inner = highlight && node.lang ? highlight(node.value ? `${node.value}\n` : '', node.lang) : null;
          if (inner === null) break;
          parent!.children[index!] = { type: 'html', value: highlightedBlock(inner, node.lang!) };
          return index! + 1; // the HTML written here is not raw HTML from the source: not dropped
        }
        case 'link':
          if (!validateLink(node.url)) setProperty(node, 'href', null);
          break;
        case 'image':
          if (!validateLink(node.url)) setProperty(node, 'src', null);
          else images.push({ node, parent: parent! });
          break;
        case 'linkReference':
        case 'imageReference':
          references.push(node);
          break;
        case 'definition': {
          const key = node.identifier.toUpperCase(); // as mdast-util-to-hast looks them up
          if (!urls.has(key)) urls.set(key, node.url);
          break;
        }
      }
      return undefined;
    });
    for (const r of references) {
      const url = urls.get(r.identifier.toUpperCase());
      if (url !== undefined && !validateLink(url)) setProperty(r, r.type === 'imageReference' ? 'src' : 'href', null);
    }
    // Each image as markdown.ts writes it: a marker for a relative source (images/markdownImages.ts).
    const firstEnd = tree.children[0]?.position?.end.line ?? 0;
    for (const { node, parent } of images) {
      const line = node.position?.start.line ?? 1;
      const html = markdownImageHtml({ src: node.url, alt: node.alt ?? '', title: node.title ?? undefined, line, priority: line <= firstEnd }, file.data.at);
      if (html !== null) parent.children.splice(parent.children.indexOf(node as never), 1, { type: 'html', value: html } as never);
    }
    const findings: SiteFindings = { headings, words };
    file.data.site = findings;

    function heading(node: Heading): void {
      const text = plainText(node);
      const id = idFor(text);
      setProperty(node, 'id', id);
      headings.push({ depth: node.depth, text, id });
    }
  };
}

declare module 'vfile' {
  interface DataMap {
    site: SiteFindings;
    /** The file being rendered (remarkMarkdown's `at`). */
    at?: MarkdownSource;
  }
}
