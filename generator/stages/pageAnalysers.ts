/**
 * The build's page analysers, by name: what the shards make of each page they render besides the page
 * itself (generator/shards/pageAnalyser.ts). The main thread and every worker (renderWorker.ts) take
 * them from here. summary: the page's summary for the build checks; search: the words of an article's
 * body, for the site's search index (only when it indexes bodies).
 */
import { summarizePage, type PageSummary } from '../checks/summarizePage.ts';
import { pluginJsonLdRules } from '../plugins/pluginHooks.ts';
import { bodyWords } from '../search/bodyWords.ts';
import type { ListCollection } from '../site/defineConfig.ts';
import type { AnySite } from '../site/loadSite.ts';
import type { PageAnalyser, ShardFeatures } from '../shards/pageAnalyser.ts';
import type { RenderedPage } from '../shards/ShardState.ts';

/** What the analysers add to a rendered page. */
export interface PageAnalyses {
  summary: PageSummary;
  /** For an entry of the site's search collection: its body's words (bodyWords), by its hash. */
  search?: { hash: string; words: string };
}

/** A page the shards rendered, with its analyses. */
export type BuiltPage = RenderedPage & PageAnalyses;

/** Each analyser made for a site; null when the site needs none of it. */
const REGISTRY: Record<keyof PageAnalyses, (site: AnySite) => PageAnalyser | null> = {
  summary: (site) => {
    const rules = pluginJsonLdRules(site);
    return { name: 'summary', analyse: ({ route, parts }) => summarizePage(route.path, parts, rules) };
  },
  search: (site) => {
    const searched = site.search?.fields.includes('body') ? (site.collections[site.search.collection] as ListCollection | undefined) : undefined;
    if (searched?.kind !== 'list') return null;
    const dir = `${searched.dir}/`;
    return {
      name: 'search',
      analyse: ({ route: { entry }, body }) => (entry && body && entry.file.startsWith(dir) ? { hash: entry.hash, words: bodyWords(body.html) } : undefined),
    };
  },
};

/** The shards' features for `site`: every analyser it needs, by name, and the check rules shared fragments are scanned with. */
export function pageAnalysers(site: AnySite): ShardFeatures {
  const rules = pluginJsonLdRules(site);
  const made = new Map(Object.entries(REGISTRY).flatMap(([name, make]) => {
    const analyser = make(site);
    return analyser ? [[name, analyser] as const] : [];
  }));
  return {
    names: [...made.keys()],
    analyser: (name) => {
      const found = made.get(name);
      if (!found) throw new Error(`no page analyser named ${name}`);
      return found;
    },
    fragmentRules: rules,
  };
}
