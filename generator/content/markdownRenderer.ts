/**
 * Picks a site's markdown engine from its config (`markdown` in the site config):
 * markdown-it (the default, fast) or remark (unified, for sites that want its plugins). Both give the
 * same page for the same source; see markdown.ts and remarkMarkdown.ts. Pure.
 */
import { markdownItRenderer, renderMarkdown, type MarkdownItPlugin, type MarkdownResult, type RenderMarkdown } from './markdown.ts';
import type { RemarkPlugin } from './remarkMarkdown.ts';
import { knownLanguage, type HighlightOptions } from './highlightCode.ts';

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
}

const ENGINES = ['markdown-it', 'remark'];

/** How an error names a wrong value: the string "x", an array, an object, a number, null. */
const describe = (value: unknown): string =>
  value === null || value === undefined
    ? String(value)
    : typeof value === 'string'
      ? `the string ${JSON.stringify(value)}`
      : Array.isArray(value) || typeof value === 'object'
        ? `an ${Array.isArray(value) ? 'array' : 'object'}`
        : `a ${typeof value}`;

/** A plugin list as [plugin, ...parameters] entries; throws, naming the entry, when one is not a function. */
function pluginList(list: unknown, field: string): [(...args: never[]) => unknown, ...unknown[]][] {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new Error(`markdown.${field} is ${describe(list)}, not a list: write [plugin] or [[plugin, options]].`);
  return list.map((entry: unknown, i) => {
    const [plugin, ...parameters] = Array.isArray(entry) ? (entry as unknown[]) : [entry];
    if (typeof plugin !== 'function') {
      throw new Error(
        `markdown.${field}[${i}] is ${describe(plugin)}, not a plugin: import the plugin in the site config and list the function itself, or [plugin, options].`,
      );
    }
    return [plugin as (...args: never[]) => unknown, ...parameters];
  });
}

/** The highlight option checked: false, or options whose aliases name languages shiki bundles. */
function highlightOptions(value: unknown): HighlightOptions | false {
  if (value === undefined || value === true) return {};
  if (value === false) return false;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`markdown.highlight is ${describe(value)}: write false to turn highlighting off, or { aliases: { npmrc: 'ini' } }.`);
  }
  const { aliases, ...rest } = value as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) throw new Error(`markdown.highlight has no option "${unknown[0]}": the one option is aliases, e.g. { aliases: { npmrc: 'ini' } }.`);
  if (aliases === undefined) return {};
  if (typeof aliases !== 'object' || aliases === null || Array.isArray(aliases)) {
    throw new Error(`markdown.highlight.aliases is ${describe(aliases)}, not an object: write { npmrc: 'ini' } (fence name -> language).`);
  }
  for (const [from, to] of Object.entries(aliases)) {
    if (typeof to !== 'string' || !knownLanguage(to)) {
      throw new Error(
        `markdown.highlight.aliases.${from} is ${describe(to)}, which is not a language shiki bundles: name one by its id or alias, e.g. "javascript", "ts", "bash" (https://shiki.style/languages).`,
      );
    }
  }
  return { aliases: aliases as Record<string, string> };
}

/**
 * The render function for these options. No options (or markdown-it without plugins, highlighting as
 * by default): renderMarkdown itself, so the default costs nothing extra per call. remark and its packages load only for a site
 * that picks it (they stay out of the generator's bundles: selfBundle.mjs `external`). Rejects with an
 * Error that says what to write when the engine is unknown, a plugin is not a function, plugins are
 * listed for the engine not chosen, or the highlight option is of the wrong shape or names a language
 * shiki does not bundle.
 */
export async function markdownRenderer(options: MarkdownOptions = {}): Promise<RenderMarkdown> {
  const engine: unknown = options.engine ?? 'markdown-it';
  if (!ENGINES.includes(engine as string)) {
    throw new Error(`markdown.engine is ${describe(engine)}, which is not a markdown engine: use "markdown-it" (the default) or "remark".`);
  }
  const markdownIt = pluginList(options.markdownItPlugins, 'markdownItPlugins');
  const remark = pluginList(options.remarkPlugins, 'remarkPlugins');
  const [ignored, field] = engine === 'remark' ? [markdownIt, 'markdownItPlugins'] : [remark, 'remarkPlugins'];
  if (ignored.length > 0) {
    const other = engine === 'remark' ? 'markdown-it' : 'remark';
    throw new Error(`markdown.${field} lists plugins, but the engine is "${engine}", which would ignore them: set engine to "${other}", or remove ${field}.`);
  }
  const highlight = highlightOptions(options.highlight);
  if (engine === 'remark') return (await import('./remarkMarkdown.ts')).remarkMarkdown(remark as RemarkPlugin[], highlight);
  const standard = markdownIt.length === 0 && highlight !== false && highlight.aliases === undefined;
  return standard ? renderMarkdown : markdownItRenderer(markdownIt as unknown as MarkdownItPlugin[], highlight);
}
