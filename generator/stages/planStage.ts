/**
 * The plan stage: the site's plan (plan/planSite.ts) from the content as read: entries shown and held
 * back (drafts and entries dated later shown, marked, with `--drafts`/`--future` and in `site dev`), the
 * site's meta and URL, the route table, the redirects and the content images wanted.
 */
import type { EntryMeta } from '../site/defineConfig.ts';
import { listCollections, listOf } from '../content/load.ts';
import { planSite, type SitePlan } from '../plan/planSite.ts';
import { bodyOnlyChanges } from '../plan/bodyOnlyChanges.ts';
import type { StageValues } from './Stage.ts';
import { defineStage } from './Stage.ts';

const plan = ({ config: { site, config, locate }, content }: Readonly<StageValues>): SitePlan =>
  planSite({ site, content: content.content, publish: config, siteUrl: config.siteUrl, locate });

export const planStage = defineStage({
  name: 'routes',
  gives: 'plan',
  needs: ['config', 'content'],
  runs: 'site',
  run: plan,
  /**
   * After an edit (a server's): when list entries' bodies alone changed, the plan stands (a route table sees
   * an entry's metadata, never its body) and each entry it shows takes its new hash; else it is made again.
   */
  update(current, values, previous) {
    const changes = previous.content ? bodyOnlyChanges(previous.content.content, values.content.content) : null;
    if (!changes) return plan(values);
    const lists = listCollections(values.config.site.collections);
    for (const { entry, hash } of changes) {
      const list = listOf(lists.map(([, l]) => l), entry.file);
      const name = lists.find(([, l]) => l === list)?.[0];
      // A scheduled entry is shown marked, as a copy: the plan's own object takes the hash.
      const shown = name ? (current.content.collections[name] as EntryMeta[]).find((e) => e.file === entry.file) : undefined;
      if (shown) shown.hash = hash;
    }
    return current;
  },
});
