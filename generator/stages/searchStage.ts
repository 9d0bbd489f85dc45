/**
 * The search stages. search: the site's search index (`search` in its config) as static files, made or
 * updated from the last build's (search/makeSearchIndex.ts), each body's words from the page that rendered
 * it, else the cache, else rendered for the index alone. searchWords (a shard of a split build): the words
 * of its own pages' bodies, which the merge makes the index from.
 */
import { makeSearchIndex, type SearchIndexResult } from '../search/makeSearchIndex.ts';
import { shardSearchWords } from '../split/shardSearchWords.ts';
import { defineStage } from './Stage.ts';

export const searchStage = defineStage({
  name: 'search',
  gives: 'search',
  // The content: the index reads the bodies as they are (an edit of a body alone leaves the plan as it was).
  needs: ['config', 'content', 'plan', 'pages', 'run'],
  runs: 'site',
  async run({ config: ctx, plan, pages, run }): Promise<SearchIndexResult> {
    const { site, config, cache, lists, render } = ctx;
    const search = makeSearchIndex({
      search: site.search,
      collections: plan.content.collections,
      lists: Object.fromEntries(lists),
      routes: plan.routes,
      contentDir: config.contentDir,
      rendered: pages.list,
      cache,
      key: await ctx.generatorKey,
      render,
      i18n: site.i18n,
    });
    run.writing(search.saved);
    for (const [file, data] of search.files) run.emit(file, data);
    return search;
  },
});

export const searchWordsStage = defineStage({
  name: 'search',
  gives: 'searchWords',
  needs: ['config', 'plan', 'pages', 'run'],
  runs: 'site',
  async run({ config: ctx, plan, pages, run }) {
    const { site, config, cache, lists, render } = ctx;
    const words = shardSearchWords({
      search: site.search,
      collections: plan.content.collections,
      lists: Object.fromEntries(lists),
      contentDir: config.contentDir,
      pages: pages.list,
      cache,
      key: await ctx.generatorKey,
      render,
    });
    run.writing(words.saved);
    return words.words;
  },
});
