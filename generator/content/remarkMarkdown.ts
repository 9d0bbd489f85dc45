/**
 * The remark engine: unified + remark-parse + remark-gfm (tables, strikethrough, autolinks, footnotes,
 * task lists) + the site's unified plugins + remarkSiteFinish + remark-html. It shows the same page as
 * the markdown-it engine (markdown.ts) for the same source: same text, heading ids, headings list and
 * word count, raw HTML dropped, unsafe URLs refused, table alignment as align attributes (the real
 * articles' HTML is the same but for `"` where markdown-it writes `&quot;`). It is much slower per article
 * (docs/performance.md), which is why markdown-it is the default. One difference: remark-gfm renders task list items ("- [ ] todo") as checkboxes; markdown-it
 * leaves the brackets as text.
 *
 * Strikethrough needs two tildes, as in markdown-it. remark-html runs with sanitize: false because
 * remarkSiteFinish has already done the sanitizing this site needs (and hast-util-sanitize would
 * prefix every heading id with "user-content-" and strip the classes plugins add).
 */
import gfm from 'remark-gfm';
import html from 'remark-html';
import parse from 'remark-parse';
import { unified, type Pluggable } from 'unified';

/**
 * A package's default export, also when the generator's CommonJS bundle loads the ES module with Node's
 * require(): esbuild then hands over the module namespace, whose `default` is the function.
 */
const defaultOf = <T>(m: T): T => (typeof m === 'function' ? m : (m as unknown as { default: T }).default);
const remarkGfm = defaultOf(gfm);
const remarkHtml = defaultOf(html);
const remarkParse = defaultOf(parse);
import type { MarkdownResult, RenderMarkdown } from './markdown.ts';
import { remarkSiteFinish } from './remarkSiteFinish.ts';
import { codeHighlighter, type HighlightOptions } from './highlightCode.ts';
import type { MarkdownSource } from '../images/markdownImages.ts';

/** A unified plugin and the parameters use() passes it (usually one options object). */
export type RemarkPlugin = [plugin: Pluggable, ...parameters: unknown[]];

/**
 * A renderer with the given unified plugins, run in order on the mdast tree before the site's own pass;
 * fenced code with a language is highlighted (highlightCode.ts) unless `highlight` is false.
 */
export function remarkMarkdown(plugins: readonly RemarkPlugin[] = [], highlight: HighlightOptions | false = {}): RenderMarkdown {
  const processor = unified().use(remarkParse).use(remarkGfm, { singleTilde: false });
  for (const [plugin, ...parameters] of plugins) processor.use(plugin as never, ...(parameters as never[]));
  processor.use(remarkSiteFinish, { highlight: highlight === false ? null : codeHighlighter(highlight) }).use(remarkHtml, { sanitize: false, characterReferences: { useNamedReferences: true } }).freeze();
  return function render(source: string, at?: MarkdownSource): MarkdownResult {
    const file = processor.processSync(at ? { value: source, data: { at } } : source);
    return { html: String(file.value), ...file.data.site! };
  };
}
