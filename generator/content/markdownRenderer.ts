/**
 * Picks a site's markdown engine from its config (`markdown` in the site config):
 * markdown-it (the default, fast) or remark (unified, for sites that want its plugins). Both give the
 * same page for the same source; see markdown.ts and remarkMarkdown.ts. Pure.
 */
import { markdownItRenderer, renderMarkdown, type MarkdownItPlugin, type MarkdownResult, type RenderMarkdown } from './markdown.ts';
import type { RemarkPlugin } from './remarkMarkdown.ts';

export interface MarkdownOptions {
  /** Which engine renders markdown; default 'markdown-it'. */
  engine?: 'markdown-it' | 'remark';
  /** markdown-it plugins: a plugin or [plugin, options]; applied after the built-in ones. */
  markdownItPlugins?: Array<unknown | [unknown, unknown]>;
  /** unified plugins run on the mdast (remark) tree: a plugin or [plugin, options]. */
  remarkPlugins?: Array<unknown | [unknown, unknown]>;
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

/**
 * The render function for these options. No options (or markdown-it without plugins): renderMarkdown
 * itself, so the default costs nothing extra per call. remark and its packages load only for a site
 * that picks it (they stay out of the generator's bundles: selfBundle.mjs `external`). Rejects with an
 * Error that says what to write when the engine is unknown, a plugin is not a function, or plugins are
 * listed for the engine not chosen.
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
  if (engine === 'remark') return (await import('./remarkMarkdown.ts')).remarkMarkdown(remark as RemarkPlugin[]);
  return markdownIt.length === 0 ? renderMarkdown : markdownItRenderer(markdownIt as unknown as MarkdownItPlugin[]);
}
