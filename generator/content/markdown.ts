/**
 * The markdown pipeline: markdown-it + GFM (tables, strikethrough, autolinks) + footnotes, with stable
 * heading ids so every section can be linked (#anchor) and checked. Pure: text in, HTML out.
 *
 * markdown-it is the default engine because it renders an article many times faster than remark, and big
 * sites have thousands (docs/performance.md). remarkMarkdown.ts is the other engine; both go through the same passes
 * after parsing (markdownFinish/siteMarkdownIt.ts), so they show the same page; markdownRenderer.ts picks one.
 */
import type { PluginWithParams } from 'markdown-it';
import type { HighlightOptions } from './highlightCode.ts';
import type { MarkdownSource } from '../images/markdownImages.ts';
import { siteMarkdownIt } from './markdownFinish/siteMarkdownIt.ts';
import type { SiteEnv } from './markdownFinish/siteEnv.ts';
import type { ArticleComponents } from './components/componentCalls.ts';
import { placeComponents, usedComponents } from './components/placeComponents.ts';

export { slugify } from './headingIds.ts';
export { validateLink } from './markdownFinish/validateLink.ts';

export interface MarkdownResult {
  html: string;
  headings: { depth: number; text: string; id: string }[];
  words: number;
  /** The article components the text places, by name, when it places any (its page depends on their source). */
  components?: string[];
}

/** A site's markdown renderer; `at`: the file being rendered (relative images resolve against it). */
export type RenderMarkdown = (source: string, at?: MarkdownSource) => MarkdownResult;

/** A markdown-it plugin and the parameters use() passes it (usually one options object). */
export type MarkdownItPlugin = [plugin: PluginWithParams, ...parameters: unknown[]];

/**
 * The site's markdown-it instance (siteMarkdownIt), then the given plugins applied in order; its render
 * function. Each call makes a new instance, so plugins never leak into another renderer. Fenced code
 * with a language is highlighted (highlightCode.ts) unless `highlight` is false. `components`: the
 * site's article components, placed with directives (components/placeComponents.ts).
 */
export function markdownItRenderer(
  plugins: readonly MarkdownItPlugin[] = [],
  highlight: HighlightOptions | false = {},
  components?: ArticleComponents,
): RenderMarkdown {
  const md = siteMarkdownIt(highlight);
  for (const [plugin, ...parameters] of plugins) md.use(plugin, ...parameters);
  return function render(source: string, at?: MarkdownSource): MarkdownResult {
    const placed = components ? placeComponents(source, components, at) : null;
    const env: SiteEnv = { headings: [], words: 0, ...(at ? { at } : {}), ...(placed ? { components: placed.env } : {}) };
    // linkify-it scans every text run with a large Unicode regex; a document without "://", "www." or "@"
    // has nothing for it to find (GFM autolinks need one of them), so it is skipped.
    md.options.linkify = /:\/\/|www\.|@/i.test(source);
    const html = md.render(placed ? placed.text : source, env);
    return { html, headings: env.headings, words: env.words, ...(placed ? { components: usedComponents(placed.env) } : {}) };
  };
}

/**
 * The site's markdown: text in, HTML, headings and word count out. Pure. `at`: the file (relative to the
 * content folder) and its line of the text's first line, for relative images and their errors.
 */
export const renderMarkdown = markdownItRenderer();

/** The body fields of a list entry not rendered (yet): what a build's entry list carries. */
export const emptyBody = (): MarkdownResult => ({ html: '', headings: [], words: 0 });
