/**
 * The islands that read the search index ('skerry/search') on the pages of a site that writes none (no
 * `search` in its config): their search finds nothing, with only a 404 in the browser's console to say
 * why. One warning per island, naming a few of its pages. Pure.
 */
import { closure, type PageIslands } from './jsBudget.ts';
import type { WidgetBundle } from './bundleWidgets.ts';

/** Most pages a warning names; the rest are counted. */
const NAMED = 3;

export function searchWithoutIndex(bundle: WidgetBundle, pages: readonly { url: string; islands: PageIslands[] }[], hasIndex: boolean): string[] {
  if (hasIndex || !bundle.searchReader.length) return [];
  const reader = new Set(bundle.searchReader);
  const reads = (island: string) => {
    const chunk = bundle.islandChunks.get(island);
    return !!chunk && [...closure(bundle, [chunk], true)].some((f) => reader.has(f));
  };
  const reading = new Map<string, boolean>();
  const pagesOf = new Map<string, Set<string>>();
  for (const page of pages) {
    for (const { name } of page.islands) {
      if (!reading.has(name)) reading.set(name, reads(name));
      if (!reading.get(name)) continue;
      const urls = pagesOf.get(name) ?? new Set<string>();
      pagesOf.set(name, urls.add(page.url));
    }
  }
  return [...pagesOf].map(([name, set]) => {
    const urls = [...set];
    const shown = urls.slice(0, NAMED).join(', ') + (urls.length > NAMED ? ` and ${urls.length - NAMED} more` : '');
    return `the island ${name} reads the search index ('skerry/search') on ${shown}, but the site has no \`search\` in site.config.ts, so the build writes none and its search finds nothing`;
  });
}
