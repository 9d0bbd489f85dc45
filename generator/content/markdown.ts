/**
 * The markdown pipeline: markdown-it + GFM (tables, strikethrough, autolinks) + footnotes, with stable
 * heading ids so every section can be linked (#anchor) and checked. Pure: text in, HTML out.
 *
 * markdown-it is the default engine because the build must render thousands of articles within the cold
 * build's budget (docs/performance.md), and remark costs many times more per article. remarkMarkdown.ts is the
 * other engine, with the same visible result; markdownRenderer.ts picks one.
 *
 * Safe HTML: raw HTML in the source is dropped, as the old sanitizer did (markdown-it parses it so that
 * one core rule can remove it; its renderer never sees it; escaping it instead would print the tags as
 * text). markdown-it's validateLink refuses javascript:, vbscript:, file: and data: URLs (data: is let
 * through only for gif/png/jpeg/webp images); a refused link keeps its text, without href. Table
 * alignment is an align attribute, not style="text-align:…", which the site's strict CSP forbids.
 */
import MarkdownIt from 'markdown-it';
import footnote from 'markdown-it-footnote';
import type { PluginSimple, PluginWithParams, StateCore, Token } from 'markdown-it';
import { countWords } from './countWords.ts';
import { headingIds } from './headingIds.ts';
import { codeHighlighter, highlightedBlock, type HighlightOptions } from './highlightCode.ts';
import { markdownImageHtml, type MarkdownSource } from '../images/markdownImages.ts';

export { slugify } from './headingIds.ts';

/** markdown-it's URL check: refuses javascript:, vbscript:, file: and data: (but gif/png/jpeg/webp images). */
export const validateLink: (url: string) => boolean = new MarkdownIt('zero').validateLink;

export interface MarkdownResult {
  html: string;
  headings: { depth: number; text: string; id: string }[];
  words: number;
}

interface Env {
  headings: MarkdownResult['headings'];
  words: number;
  /** The file being rendered: relative images resolve against it, and their errors name it. */
  at?: MarkdownSource;
}

/** What finish() notes on an image token for the image rule: its line in the text, and whether it is in the first block. */
interface ImageMeta {
  line: number;
  priority: boolean;
}

/** Notes each image of an inline run's line (its block's first line plus the line breaks before it) and place. */
function noteImages(children: Token[], firstLine: number, priority: boolean): void {
  let line = firstLine;
  for (const t of children) {
    if (t.type === 'softbreak' || t.type === 'hardbreak') line++;
    else if (t.type === 'image') t.meta = { line, priority } satisfies ImageMeta;
  }
}

/** GFM links bare URLs only with a scheme or "www."; linkify-it alone would also link "Beautiful.ai". */
const gfmAutolink = /^(?:https?:\/\/|www\.)/i;

/**
 * The words a reader sees in one run of inline tokens: no markup, no link URLs, no image alt text, no
 * raw HTML (already removed). Line breaks separate words; markup between two runs of text does not.
 */
function visibleWords(children: Token[]): number {
  let words = 0;
  let inWord = false;
  for (const t of children) {
    // An image's alt text is in its own children, not in this run, so it is not counted.
    if (t.type === 'text' || t.type === 'code_inline') {
      const counted = countWords(t.content, inWord);
      words += counted >> 1;
      inWord = (counted & 1) === 1;
    } else if (t.type === 'softbreak' || t.type === 'hardbreak') inWord = false;
  }
  return words;
}

/** The plain text of a heading's inline run (visibleWords' text), for its id and the table of contents. */
function visibleText(children: Token[]): string {
  let text = '';
  for (const t of children) {
    if (t.type === 'text' || t.type === 'code_inline') text += t.content;
    else if (t.type === 'softbreak' || t.type === 'hardbreak') text += ' ';
  }
  return text;
}

/** One inline run without raw HTML, and with autolinks only where GFM would make them (in place). */
function cleanInline(children: Token[]): void {
  let w = 0;
  for (let i = 0; i < children.length; i++) {
    const t = children[i]!;
    if (t.type === 'html_inline') continue;
    if (t.type === 's_open' || t.type === 's_close') t.tag = 'del'; // GFM strikethrough is <del>, as before
    if (t.type === 'link_open' || t.type === 'image') {
      // A refused URL loses its attribute; the link text (or image alt) stays.
      const attr = t.type === 'image' ? 'src' : 'href';
      const url = t.attrGet(attr);
      if (url !== null && !validateLink(url)) t.attrs = t.attrs?.filter(([name]) => name !== attr) ?? null;
    }
    if (t.type === 'link_open' && t.markup === 'linkify') {
      const label = children[i + 1];
      const href = t.attrGet('href') ?? '';
      if (label?.type === 'text' && !gfmAutolink.test(label.content) && !href.startsWith('mailto:')) {
        children[w++] = label; // plain text again; skip the link_close after it
        i += 2;
        continue;
      }
    }
    children[w++] = t;
  }
  children.length = w;
}

/**
 * One pass over the parsed tokens, after every other core rule (footnotes moved, autolinks made):
 * drops raw HTML, gives top-level headings unique ids, turns table alignment into align attributes,
 * and counts the words a reader sees (text and code; blocks are separated).
 */
function finish(state: StateCore): void {
  const env = state.env as Env;
  const idFor = headingIds();
  const tokens = state.tokens;
  let words = 0;
  let w = 0;
  /** Still in the body's first block (its images are above the fold). */
  let firstBlock = true;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    switch (t.type) {
      case 'html_block':
        continue; // dropped: not copied to tokens[w]
      case 'inline': {
        if (!t.children) break;
        cleanInline(t.children);
        noteImages(t.children, (t.map?.[0] ?? 0) + 1, firstBlock);
        words += visibleWords(t.children);
        const h = w > 0 ? tokens[w - 1] : undefined; // the last token kept
        // Only top-level headings get an id, as before: not those inside lists, quotes or footnotes.
        if (h?.type === 'heading_open' && h.level === 0) {
          const text = visibleText(t.children);
          const id = idFor(text);
          h.attrSet('id', id);
          env.headings.push({ depth: Number(h.tag.slice(1)), text, id });
        }
        break;
      }
      case 'fence':
      case 'code_block':
        words += countWords(t.content) >> 1;
        break;
      case 'th_open':
      case 'td_open': {
        const style = t.attrGet('style');
        if (style) t.attrs = [['align', style.replace(/^text-align:/, '')]];
        break;
      }
    }
    if (t.level === 0 && t.nesting <= 0) firstBlock = false;
    tokens[w++] = t;
  }
  tokens.length = w;
  env.words = words;
}

/** A site's markdown renderer; `at`: the file being rendered (relative images resolve against it). */
export type RenderMarkdown = (source: string, at?: MarkdownSource) => MarkdownResult;

/** A markdown-it plugin and the parameters use() passes it (usually one options object). */
export type MarkdownItPlugin = [plugin: PluginWithParams, ...parameters: unknown[]];

/**
 * A markdown-it instance set up for the site, then the given plugins applied in order; its render
 * function. Each call makes a new instance, so plugins never leak into another renderer. Fenced code
 * with a language is highlighted (highlightCode.ts) unless `highlight` is false.
 */
export function markdownItRenderer(plugins: readonly MarkdownItPlugin[] = [], highlight: HighlightOptions | false = {}): RenderMarkdown {
  const highlighter = highlight === false ? null : codeHighlighter(highlight);
  // html: true only so raw HTML arrives as html_block/html_inline tokens, which finish() drops;
  // with html: false it would be escaped into visible text instead.
  // (@types/markdown-it-footnote types the plugin against markdown-it's CommonJS typings, hence the cast.)
  const md = new MarkdownIt({
    html: true,
    linkify: true,
    typographer: false,
    // markdown-it writes a result that starts with <pre> as it is, and escapes the block itself for "".
    highlight: highlighter && ((code: string, lang: string) => (lang ? highlightOrEmpty(highlighter(code, lang), lang) : '')),
  }).use(footnote as unknown as PluginSimple);
  // finish() applies markdown-it's own check (validateLink) to every href and src. At parse time it would
  // turn [x](javascript:…) into the literal text "[x](javascript:…)"; afterwards it leaves <a>x</a>.
  md.validateLink = () => true;
  md.core.ruler.push('site_finish', finish);
  // A relative image becomes a marker the build replaces with its <picture> (images/markdownImages.ts).
  const plainImage = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, idx, options, env: Env, self) => {
    const t = tokens[idx]!;
    const src = t.attrGet('src');
    const meta = t.meta as ImageMeta | null;
    if (src === null || !meta) return plainImage(tokens, idx, options, env, self);
    const alt = self.renderInlineAsText(t.children ?? [], options, env);
    const marker = markdownImageHtml({ src, alt, title: t.attrGet('title') ?? undefined, line: meta.line, priority: meta.priority }, env.at);
    return marker ?? plainImage(tokens, idx, options, env, self);
  };
  for (const [plugin, ...parameters] of plugins) md.use(plugin, ...parameters);
  return function render(source: string, at?: MarkdownSource): MarkdownResult {
    const env: Env = { headings: [], words: 0, ...(at ? { at } : {}) };
    // linkify-it scans every text run with a large Unicode regex; a document without "://", "www." or "@"
    // has nothing for it to find (GFM autolinks need one of them), so it is skipped.
    md.options.linkify = /:\/\/|www\.|@/i.test(source);
    const html = md.render(source, env);
    return { html, headings: env.headings, words: env.words };
  };
}

const highlightOrEmpty = (inner: string | null, lang: string): string => (inner === null ? '' : highlightedBlock(inner, lang));

/**
 * The site's markdown: text in, HTML, headings and word count out. Pure. `at`: the file (relative to the
 * content folder) and its line of the text's first line, for relative images and their errors.
 */
export const renderMarkdown = markdownItRenderer();

/** The body fields of a list entry not rendered (yet): what a build's entry list carries. */
export const emptyBody = (): MarkdownResult => ({ html: '', headings: [], words: 0 });
