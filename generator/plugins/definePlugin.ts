/**
 * A plugin: named hooks a site adds to the engine (`plugins: [...]` in site.config.ts). The engine's own
 * features are plugins of the same shape (plugins/builtinPlugins.ts), applied before the site's, in order.
 *
 * - config: the site's definition, before anything else runs; return fields to set (markdown plugins, say).
 * - routes: the route table after the site's own: return it with pages added or changed.
 * - files: output files besides the pages (file -> text), as the site's own `files`.
 * - jsonLd: structured data a page carries besides the site's own.
 * - jsonLdRules: what search engines require of a schema.org type (the missing properties of a node).
 * - checks: checks over the finished output (each returns its problems; a problem fails the build).
 * - buildDone: after a written build has put its output in place.
 * - devStart: once `site dev` listens.
 */
import type { Thing, WithContext } from 'schema-dts';
import type { CheckInput } from '../checks/checkPages.ts';
import type { PageTools, Route, SiteDefinition } from '../site/defineConfig.ts';

/** A JSON-LD node's missing properties, as the check reports them ("offers", "aggregateRating or review"). */
export type JsonLdRule = (node: Record<string, unknown>) => string[];

/** What a build tells its plugins when it is done. */
export interface BuildDone {
  outDir: string;
  /** Every page: its URL path and output file. */
  pages: { url: string; file: string }[];
  /** Every output file besides the pages. */
  files: string[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface SitePlugin<Content = any, R extends Route = Route<any>> {
  /** Named in errors ("the files hook of the plugin llms-txt"). */
  name: string;
  config?: (site: SiteDefinition<any, R, Content>) => Partial<SiteDefinition<any, R, Content>> | void;
  routes?: (routes: R[], content: Content) => R[];
  files?: (routes: R[], tools: PageTools<Content>) => Record<string, string>;
  jsonLd?: (route: R, tools: PageTools<Content>) => WithContext<Thing>[];
  jsonLdRules?: Record<string, JsonLdRule>;
  checks?: Record<string, (input: CheckInput) => string[]>;
  buildDone?: (build: BuildDone) => void | Promise<void>;
  devStart?: (server: { url: string }) => void | Promise<void>;
}

/** Identity, typed: `export const myPlugin = (options) => definePlugin({ name: 'my-plugin', ... })`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function definePlugin<Content = any, R extends Route = Route<any>>(plugin: SitePlugin<Content, R>): SitePlugin<Content, R> {
  return plugin;
}
