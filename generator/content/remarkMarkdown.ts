/**
 * The remark engine: unified + remark-parse + remark-gfm (tables, strikethrough, autolinks, footnotes)
 * + the site's unified plugins parse the source; the tree is then handed to the passes and renderer the
 * markdown-it engine uses (markdownFinish/: mdastTokens.ts turns it into markdown-it's tokens), so both
 * engines write the same page for the same source: heading ids, headings list, word count, raw HTML
 * dropped, unsafe URLs refused, footnotes, images, highlighted code. Parsing is remark's: where the two
 * parsers read a source differently (rare corners of GFM), the pages differ there. remark is much slower
 * than markdown-it (docs/performance.md), which is why markdown-it is the default.
 *
 * Strikethrough needs two tildes, as in markdown-it. A task list item ("- [ ] todo") keeps its box as
 * text, as markdown-it does.
 */
import gfm from 'remark-gfm';
import parse from 'remark-parse';
import { unified, type Pluggable } from 'unified';
import type { Root } from 'mdast';
import type { MarkdownResult, RenderMarkdown } from './markdown.ts';
import type { HighlightOptions } from './highlightCode.ts';
import type { MarkdownSource } from '../images/markdownImages.ts';
import { siteMarkdownIt } from './markdownFinish/siteMarkdownIt.ts';
import { mdastTokens } from './markdownFinish/mdastTokens.ts';
import type { SiteEnv } from './markdownFinish/siteEnv.ts';
import type { ArticleComponents } from './components/componentCalls.ts';
import { placeComponents, usedComponents } from './components/placeComponents.ts';

/**
 * A package's default export, also when the generator's CommonJS bundle loads the ES module with Node's
 * require(): esbuild then hands over the module namespace, whose `default` is the function.
 */
const defaultOf = <T>(m: T): T => (typeof m === 'function' ? m : (m as unknown as { default: T }).default);
const remarkGfm = defaultOf(gfm);
const remarkParse = defaultOf(parse);

/** A unified plugin and the parameters use() passes it (usually one options object). */
export type RemarkPlugin = [plugin: Pluggable, ...parameters: unknown[]];

/**
 * A renderer with the given unified plugins, run in order on the mdast tree before the site's passes;
 * fenced code with a language is highlighted (highlightCode.ts) unless `highlight` is false; `components`:
 * the site's article components, placed with directives by the same pass as markdown-it's.
 */
export function remarkMarkdown(
  plugins: readonly RemarkPlugin[] = [],
  highlight: HighlightOptions | false = {},
  components?: ArticleComponents,
): RenderMarkdown {
  const processor = unified().use(remarkParse).use(remarkGfm, { singleTilde: false });
  for (const [plugin, ...parameters] of plugins) processor.use(plugin as never, ...(parameters as never[]));
  processor.freeze();
  const md = siteMarkdownIt(highlight);
  // The tokens come from remark: markdown-it's own parsing rules are left out, its later rules all run.
  md.core.ruler.disable(['normalize', 'block', 'inline', 'linkify']);
  return function render(written: string, at?: MarkdownSource): MarkdownResult {
    const placed = components ? placeComponents(written, components, at) : null;
    const source = placed ? placed.text : written;
    const env: SiteEnv = { headings: [], words: 0, ...(at ? { at } : {}), ...(placed ? { components: placed.env } : {}) };
    const tree = processor.runSync(processor.parse(source), at ? { value: source, data: { at } } : source) as Root;
    const state = new md.core.State(source, md, env);
    mdastTokens(tree, state);
    md.core.process(state);
    const html = md.renderer.render(state.tokens, md.options, env);
    return { html, headings: env.headings, words: env.words, ...(placed ? { components: usedComponents(placed.env) } : {}) };
  };
}

declare module 'vfile' {
  interface DataMap {
    /** The file being rendered (remarkMarkdown's `at`), for plugins that want it. */
    at?: MarkdownSource;
  }
}
