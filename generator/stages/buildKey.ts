/**
 * The build's keys, derived from the resolved config in one place. Every field of ResolvedConfig is
 * declared here as shaping the output (it goes into the key of the build record, so "Up to date" never
 * hides its change) or as output-neutral (how the build runs, not what it writes). A field added to
 * ResolvedConfig without a declaration does not compile, and tests/unit/stages/buildKey.test.ts
 * checks that each field declared as shaping the output changes the key.
 */
import type { ResolvedConfig } from '../config.ts';
import path from 'node:path';
import { hashParts } from '../core/contentHash.ts';
import { CONFIG_FILE } from '../site/loadSite.ts';
import { COMPONENTS_DIR, templatesImportComponents } from '../content/components/componentHashes.ts';

/** How each config field bears on what a build writes. */
export const CONFIG_FIELDS = {
  mode: 'output',
  root: 'output',
  contentDir: 'output',
  outDir: 'output',
  siteUrl: 'output',
  backend: 'output',
  drafts: 'output',
  future: 'output',
  socialImages: 'output',
  // Below the root: they move with it.
  templatesDir: 'output',
  widgetsDir: 'output',
  staticDir: 'output',
  stylesEntry: 'output',
  supabaseDir: 'output',
  // How the build runs: the same bytes either way.
  emptyOutDir: 'neutral',
  keep: 'neutral',
  write: 'neutral',
  log: 'neutral',
  cacheDir: 'neutral',
  readCache: 'neutral',
  workers: 'neutral',
  progress: 'neutral',
  // The moment decides which entries dated later are shown: the record keeps the earliest one due instead.
  now: 'neutral',
} as const satisfies Record<keyof ResolvedConfig, 'output' | 'neutral'>;

/** The config fields that shape the output, as one string. */
export function configKey(config: ResolvedConfig): string {
  const fields = Object.entries(CONFIG_FIELDS).filter(([, how]) => how === 'output').map(([name]) => name as keyof ResolvedConfig);
  return JSON.stringify(Object.fromEntries(fields.map((name) => [name, config[name] ?? null])));
}

/** The build record's key: the generator's and templates' key (sourceKey), the widgets' (treeKey) and the config. */
export const recordKey = (generatorKey: string, widgetsKey: string, config: ResolvedConfig): string =>
  hashParts([generatorKey, widgetsKey, configKey(config)]);

/** Everything a page's HTML can depend on besides its route and the content it reads. */
export const pagesKey = (generatorKey: string, config: ResolvedConfig, siteUrl: string, parts: Record<string, unknown>): string =>
  hashParts([generatorKey, JSON.stringify({ mode: config.mode, siteUrl, ...parts })]);

/**
 * The site's code the build record's key covers besides siteSources: its widgets and its article
 * components (components/, whose edits re-render only the pages that place them: cache/componentHashes.ts).
 */
export const recordSources = (config: ResolvedConfig): string[] => [config.widgetsDir, path.join(config.root, COMPONENTS_DIR)];

/**
 * The site's own code besides its content and widgets: its templates folder and its config file, and
 * its components/ when a template imports one (then every page may show it, not only the articles that place it).
 */
export const siteSources = (config: ResolvedConfig): { root: string; dirs: string[]; files: string[] } => ({
  root: config.root,
  dirs: templatesImportComponents(config.root, config.templatesDir) ? [config.templatesDir, path.join(config.root, COMPONENTS_DIR)] : [config.templatesDir],
  files: [path.join(config.root, CONFIG_FILE)],
});
