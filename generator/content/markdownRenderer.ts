/**
 * Picks a site's markdown engine from its config (`markdown` in the site config): markdown-it (the
 * default, fast) or remark (unified, for sites that want its plugins). Both give the same page for the
 * same source (markdownFinish/). The options arrive checked (site/siteConfigSchema.ts: the engine's
 * name, plugins as functions listed for the engine that runs them, highlight aliases naming languages
 * shiki bundles). Pure.
 */
import { markdownItRenderer, renderMarkdown, type MarkdownItPlugin, type RenderMarkdown } from './markdown.ts';
import type { RemarkPlugin } from './remarkMarkdown.ts';
import type { HighlightOptions } from './highlightCode.ts';
import type { ArticleComponents } from './components/componentCalls.ts';

export interface MarkdownOptions {
  /** Which engine renders markdown; default 'markdown-it'. */
  engine?: 'markdown-it' | 'remark';
  /** markdown-it plugins: a plugin or [plugin, options]; applied after the built-in ones. */
  markdownItPlugins?: Array<unknown | [unknown, unknown]>;
  /** unified plugins run on the mdast (remark) tree: a plugin or [plugin, options]. */
  remarkPlugins?: Array<unknown | [unknown, unknown]>;
  /**
   * Fenced code with a language is highlighted at build time (CSS classes, docs/media.md); false turns
   * it off. `aliases`: more fence names, e.g. { npmrc: 'ini' }. Default on.
   */
  highlight?: false | HighlightOptions;
  /**
   * The React components authors may place in markdown with directives (::name{…}, :::name{…} … :::), by
   * name: the component and the zod schema of its props. Rendered at build time (docs/authors.md).
   */
  components?: ArticleComponents;
}

/** A plugin list as [plugin, ...parameters] entries. */
const entries = (list: readonly unknown[] | undefined): unknown[][] => (list ?? []).map((entry) => (Array.isArray(entry) ? entry : [entry]));

/**
 * The render function for these options. No options (or markdown-it without plugins, highlighting as
 * by default): renderMarkdown itself, so the default costs nothing extra per call. remark and its
 * packages load only for a site that picks it (they stay out of the generator's bundles: selfBundle.mjs `external`).
 */
export async function markdownRenderer(options: MarkdownOptions = {}): Promise<RenderMarkdown> {
  const given = options.highlight as boolean | HighlightOptions | undefined; // the schema also takes true: on, as by default
  const highlight = given === false ? false : given === true || given === undefined ? {} : given;
  // No components registered: the renderer makes no directive check at all.
  const components = options.components && Object.keys(options.components).length > 0 ? options.components : undefined;
  if (options.engine === 'remark') {
    return (await import('./remarkMarkdown.ts')).remarkMarkdown(entries(options.remarkPlugins) as RemarkPlugin[], highlight, components);
  }
  const plugins = entries(options.markdownItPlugins) as MarkdownItPlugin[];
  const standard = plugins.length === 0 && highlight !== false && highlight.aliases === undefined && components === undefined;
  return standard ? renderMarkdown : markdownItRenderer(plugins, highlight, components);
}
