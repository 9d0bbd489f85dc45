/**
 * The render stage as a server runs it (`site dev`): one page at a time, when it is
 * asked for, by the shard a build renders with (shards/ShardState.ts: the article's markdown read from its
 * file and rendered right before its page, the same templates, context and bytes), on this thread. Its
 * social image is named when the page renders (social/SocialOnDemand.ts).
 */
import { noFeatures } from '../shards/pageAnalyser.ts';
import { ShardState } from '../shards/ShardState.ts';
import type { Route } from '../site/defineConfig.ts';
import { defineStage } from './Stage.ts';

export interface PageRenderer {
  /** The page of `route` as a build writes it, and the content files it read (trackReads). */
  page(route: Route): { html: string; deps: string[] };
}

export const pageStage = defineStage({
  name: 'render',
  gives: 'renderer',
  needs: ['config', 'content', 'plan', 'assets', 'images', 'socialOnDemand'],
  runs: 'page',
  run({ config: { site, render }, plan, assets, images, socialOnDemand: social }): PageRenderer {
    // What the file holds when the page is asked for is what it shows (an edit not yet read renders as written).
    const state = new ShardState(site, render, noFeatures, { keepBodies: false, strict: false });
    // Filled route by route: a page names its own social image when it renders.
    const socialImages: Record<string, string> = {};
    state.open(
      { content: plan.content, lists: {}, routes: [], siteUrl: plan.siteUrl, assets: { ...assets.page, socialImages }, globalKey: '', outDir: null, cacheDir: null, images: images.manifest },
      { content: plan.content, routes: plan.routes },
    );
    return {
      page(route) {
        const url = social?.urlOf(route, plan.meta);
        if (url) socialImages[route.path] = url;
        else delete socialImages[route.path];
        const [page] = state.renderBatch([route.path]);
        return { html: page!.html!, deps: page!.deps };
      },
    };
  },
});
