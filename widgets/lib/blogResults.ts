/**
 * The blog search's results, loaded only when a visitor searches (widgets/islands/BlogSearch.ts imports
 * this file then): queries the site's search index (every article's title, description and text) and
 * lists the matches as cards in place of the page's own card list.
 */
import { searchIndex, type SearchResult } from 'skerry/search';

/** Results shown at first, and added by each "Show more". */
export const PAGE = 24;

const index = searchIndex();

export interface BlogResultsView {
  /** The list the results go in (the island's [data-search-results]). */
  list: HTMLElement;
  /** "Show more" (optional). */
  more: HTMLButtonElement | null;
}

/** The status line for `count` matches of `query`. */
export const statusText = (count: number, query: string): string =>
  `${count} ${count === 1 ? 'article matches' : 'articles match'} "${query}"`;

/** A result as a card: its title as a link, its description. Text only (never markup from the index). */
export function resultCard(result: SearchResult): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'post-card';
  li.dataset.url = result.url;
  const article = li.appendChild(document.createElement('article'));
  const title = article.appendChild(document.createElement('h2'));
  title.className = 'post-title';
  const link = title.appendChild(document.createElement('a'));
  link.href = result.url;
  link.textContent = result.title;
  if (result.description) {
    const description = article.appendChild(document.createElement('p'));
    description.className = 'post-description';
    description.textContent = result.description;
  }
  return li;
}

/** The articles that match `query` (entry numbers, in the blog's order). */
export const findArticles = (query: string): Promise<number[]> => index.find(query);

/** Shows the results from `from` on (PAGE of them) after those shown; the "Show more" button while more are left. */
export async function showResults(view: BlogResultsView, ids: readonly number[], from: number, current: () => boolean): Promise<void> {
  const results = await index.results(ids.slice(from, from + PAGE));
  if (!current()) return;
  if (from === 0) view.list.replaceChildren();
  for (const r of results) view.list.appendChild(resultCard(r));
  if (view.more) view.more.hidden = from + PAGE >= ids.length;
}
