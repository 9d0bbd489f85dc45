/**
 * The site a bundle of the generator carries. In the source this says "none": a bundle built by
 * generator/selfBundle.mjs for a site replaces this module with one that imports the site's
 * site.config.ts, so the CLI, the build's workers and the dev worker hold the site's code in the same
 * bundle as the engine (one React, one V8 code cache). Read only through loadSite.ts.
 */
import type { SiteDefinition } from './defineConfig.ts';

export const embeddedRoot: string | null = null;
export const embeddedSite: SiteDefinition<any, any, any> | null = null;
