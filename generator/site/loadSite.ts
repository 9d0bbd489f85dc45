/**
 * The site's definition (site.config.ts at its root), loaded once per process and root: from the site's
 * own bundle when the thread was given it (embeddedSite.ts); otherwise, with a TypeScript loader in place
 * (vitest, tsx), the file is imported as it is. A config that does not load or has the wrong shape
 * is a SiteError naming the file and the hint.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SiteError } from '../core/errors.ts';
import type { SiteDefinition } from './defineConfig.ts';
import { embeddedSite } from './embeddedSite.ts';
import { checkDefinition } from './checkDefinition.ts';
import { markdownRenderer } from '../content/markdownRenderer.ts';
import type { MarkdownResult, RenderMarkdown } from '../content/markdown.ts';

export const CONFIG_FILE = 'site.config.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySite = SiteDefinition<any, any, any>;

const loaded = new Map<string, Promise<AnySite>>();

/** The site at `root`: its site.config.ts, checked. */
export function loadSite(root: string): Promise<AnySite> {
  const key = path.resolve(root);
  let site = loaded.get(key);
  if (!site) {
    site = importSite(key);
    loaded.set(key, site);
    site.catch(() => loaded.delete(key));
  }
  return site;
}

/** The site bundle this thread was given, when it is the site at `root`. */
async function embeddedSiteFor(root: string): Promise<AnySite | null> {
  const given = await embeddedSite();
  return given && given.root === path.resolve(root) ? given.site : null;
}

/** The site's markdown renderer (its `markdown` options); a wrong option is a SiteError naming the config. */
export async function siteRenderer(site: AnySite): Promise<RenderMarkdown> {
  try {
    return await markdownRenderer(site.markdown);
  } catch (e) {
    throw new SiteError('SiteConfigFailed', { file: CONFIG_FILE, reason: (e as Error).message.replace(/\.$/, '') });
  }
}

async function importSite(root: string): Promise<AnySite> {
  const file = path.join(root, CONFIG_FILE);
  const embedded = await embeddedSiteFor(root);
  if (embedded) return checkDefinition(embedded, CONFIG_FILE, file);
  if (!existsSync(file)) throw new SiteError('SiteConfigMissing', { root });
  let mod: { default?: unknown };
  try {
    mod = (await import(pathToFileURL(file).href)) as { default?: unknown };
  } catch (e) {
    if (e instanceof SiteError) throw e;
    throw new SiteError('SiteConfigFailed', { file: CONFIG_FILE, reason: (e as Error).message.split('\n')[0]! });
  }
  return checkDefinition(mod.default, CONFIG_FILE, file);
}
