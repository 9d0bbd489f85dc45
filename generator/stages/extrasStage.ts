/**
 * The extras stage: the plan's files besides its pages (plan/planFiles.ts: sitemap, robots.txt, the feed
 * and the site's own files, `_headers`, `_redirects` and the redirect pages), once the assets are named.
 * A build makes them on this thread while the shards render their first pages.
 */
import type { OutputFiles } from '../output/writeOutput.ts';
import { planFiles } from '../plan/planFiles.ts';
import { defineStage } from './Stage.ts';

export const extrasStage = defineStage({
  name: 'extras',
  gives: 'extras',
  needs: ['config', 'plan', 'assets', 'run'],
  runs: 'site',
  during: 'render',
  run({ config: { site, locate }, plan, assets, run }): OutputFiles {
    const files = planFiles(site, plan, { statics: assets.page.statics, backendUrl: assets.backendUrl, files: assets.files.keys() }, locate);
    for (const [file, data] of files) run.emit(file, data);
    return files;
  },
});
