/**
 * The pass both engines run before parsing when the site has article components: the text's directives
 * (findDirectives) as marker lines, checked against the components (componentCalls). The parsers see only
 * HTML comments; finishTokens turns the markers back into component tokens, which componentRule renders.
 * A text without a directive line costs one substring search. Pure.
 */
import { randomBytes } from 'node:crypto';
import type { MarkdownSource } from '../../images/markdownImages.ts';
import { componentCalls, type ArticleComponents, type ComponentCall } from './componentCalls.ts';
import { findDirectives } from './findDirectives.ts';

/** What one render carries for its components (SiteEnv.components). */
export interface ComponentEnv {
  calls: ComponentCall[];
  /** The closing HTML of each open container, innermost last. */
  after: string[];
}

/** The markers' prefix: random per process, so raw HTML written in an article can never pass for one. */
export const MARKER_PREFIX = `<!--site-component-${randomBytes(6).toString('hex')}:`;

/** The text to parse and its calls, or null when the text places no component. */
export function placeComponents(source: string, components: ArticleComponents, at: MarkdownSource | undefined): { text: string; env: ComponentEnv } | null {
  const found = findDirectives(source, MARKER_PREFIX);
  if (!found) return null;
  return { text: found.text, env: { calls: componentCalls(found.found, components, at), after: [] } };
}

/** The call number of a marker's HTML block (the parser's html_block content), or -1 for any other HTML. */
export function markerIndex(html: string): number {
  return html.startsWith(MARKER_PREFIX) ? Number.parseInt(html.slice(MARKER_PREFIX.length), 10) : -1;
}

/** The names of the components a render used, sorted: the page's dependencies. */
export const usedComponents = (env: ComponentEnv): string[] => [...new Set(env.calls.map((c) => c.name).filter(Boolean))].sort();
