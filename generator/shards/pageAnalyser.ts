/**
 * What a shard does with a page besides writing it is the build's business, not the shard's: the build
 * hands the shards its page analysers (generator/stages/pageAnalysers.ts). A render job names the
 * analysers to run; a shard finds each by name in the features it was made with (a worker's come from
 * its entry's registry), runs it on every page it renders, and returns each result with the page under
 * the analyser's name (undefined adds nothing).
 */
import type { MarkdownResult } from '../content/markdown.ts';
import type { PageParts, SharedFragments } from '../render/SharedFragments.tsx';
import type { Route } from '../site/defineConfig.ts';

/** A page as it was rendered: its route, its parts (own markup and shared fragments), its article's rendered markdown. */
export interface AnalysedPage {
  route: Route;
  parts: PageParts;
  body?: MarkdownResult;
}

export interface PageAnalyser {
  /** The field of the rendered page its result goes into. */
  readonly name: string;
  analyse(page: AnalysedPage): unknown;
}

/** What a shard is given about the build's features: its analysers by name, and what shared fragments are scanned with once. */
export interface ShardFeatures {
  /** The analysers a render job runs, by name (the main thread's job names them). */
  names: readonly string[];
  analyser(name: string): PageAnalyser;
  /** SharedFragments' scan rules: a fragment shared by many pages is analysed once, when it is rendered. */
  fragmentRules?: ConstructorParameters<typeof SharedFragments>[2];
}

/** A shard that was given no features: a job that names an analyser fails. */
export const noFeatures: ShardFeatures = {
  names: [],
  analyser: (name) => {
    throw new Error(`no page analyser named ${name}`);
  },
};

/** Each analyser's result on `page`, under its name; an analyser that returns undefined adds nothing. */
export function analyse(analysers: readonly PageAnalyser[], page: AnalysedPage): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of analysers) {
    const value = a.analyse(page);
    if (value !== undefined) out[a.name] = value;
  }
  return out;
}
