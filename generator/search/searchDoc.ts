/**
 * One entry as the search index holds it (buildSearchIndex's SearchDoc): its URL and what a result
 * shows, from the site's `search` options, and the words of its searched fields. The site's functions'
 * exceptions are SiteHookFailed naming them. Pure.
 */
import { SiteError } from '../core/errors.ts';
import { searchWords } from '../islands/searchWords.ts';
import type { Entry, SearchOptions } from '../site/defineConfig.ts';
import type { SearchDoc } from './buildSearchIndex.ts';
import { siteSource } from '../core/siteSource.ts';

type AnyEntry = Entry<Record<string, unknown>>;

/**
 * The entries of the searched collection that have a page (search.url gives a path of the route table),
 * with that URL: an entry without one (a draft, say) is not searched.
 */
export function searchedEntries(search: SearchOptions, collections: Record<string, unknown>, paths: ReadonlySet<string>): { entry: AnyEntry; url: string }[] {
  return (collections[search.collection] as AnyEntry[])
    .map((entry) => ({ entry, url: hook('search.url', () => search.url(entry)) }))
    .filter(({ url }) => paths.has(url));
}

/** `url`: the entry's page; `body`: its body words (bodyWords), or "" when "body" is not searched. */
export function searchDoc(search: SearchOptions, entry: AnyEntry, url: string, body: string, fieldWords = searchedFieldWords(search, entry)): SearchDoc {
  const shown = hook('search.result', () => search.result?.(entry)) ?? {
    title: String(entry.title ?? entry.slug),
    description: String(entry.description ?? ''),
  };
  return {
    url,
    title: shown.title,
    description: shown.description ?? '',
    // Split when the index reads it: a site's docs are all made before any is read, and every body's words
    // as separate strings at once would be the biggest thing a build holds.
    words: body ? { *[Symbol.iterator]() { yield* fieldWords; yield* body.split(' '); } } : fieldWords,
  };
}

/** The words of the entry's searched fields other than its body, repeats allowed. */
export function searchedFieldWords(search: SearchOptions, entry: AnyEntry): string[] {
  const own: string[] = [];
  for (const field of search.fields) {
    if (field === 'body') continue;
    const value = entry[field];
    if (typeof value === 'string') own.push(value);
    else if (Array.isArray(value)) own.push(...value.filter((v): v is string => typeof v === 'string'));
  }
  return searchWords(own.join(' '));
}

/** A site function's exception as SiteHookFailed naming it. */
function hook<T>(name: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof SiteError) throw e;
    throw new SiteError('SiteHookFailed', { hook: name, reason: e instanceof Error ? e.message : String(e), ...siteSource(e) });
  }
}
