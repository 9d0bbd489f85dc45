/**
 * The site a thread was given as a bundle of its own (selfBundle.mjs: siteBundle; runBundle.cjs:
 * useSiteBundle): the CLI's thread by bin/site.js, a build's worker and the dev worker by their workerData.
 * The engine's bundles carry no site, so one engine bundle serves every site; the site's bundle holds its
 * config, templates and widgets, and takes React, zod and the engine's exports from the engine that runs
 * it (siteModules.ts, handed over by the thread's entry with shareWithSite): one React, one engine. Read
 * only through loadSite.ts and a build's worker; null in the generator run from its source (vitest, tsx),
 * which imports site.config.ts as it is.
 */
import { isMainThread } from 'node:worker_threads';
import { givenSiteBundle, runBundle } from '../runBundle.cjs';
import type { SiteDefinition } from './defineConfig.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySite = SiteDefinition<any, any, any>;

/** The modules a site's bundle takes from the engine, by the name its require() gives them. */
export type SiteModules = Record<string, unknown>;

let engineModules: (() => Promise<SiteModules>) | null = null;
let loaded: Promise<{ root: string; site: AnySite } | null> | null = null;

/**
 * Called by an entry that runs sites (cli.ts, the build's and the dev server's workers): how to get the
 * modules a site's bundle takes from the engine (siteModules.ts, loaded only when a site is).
 */
export function shareWithSite(load: () => Promise<SiteModules>): void {
  engineModules = load;
}

/** The site this thread was given, with its folder; null when none was. Run once per thread. */
export function embeddedSite(): Promise<{ root: string; site: AnySite } | null> {
  loaded ??= (async () => {
    const given = givenSiteBundle();
    if (!given) return null;
    if (!engineModules) throw new Error('a site bundle was given to an entry that shares no modules with it (shareWithSite)');
    // The main thread takes the code cache when it exits (every template it rendered compiled); a worker,
    // which is terminated, after the bundle's top level.
    const exports = runBundle(given.file, isMainThread ? 'exit' : 'now', { provided: await engineModules() }) as { default?: AnySite };
    return { root: given.root, site: exports.default as AnySite };
  })();
  return loaded;
}
