/** The hooks read where they apply, over every plugin of a site (the engine's first, then the site's). */
import type { CheckInput } from '../checks/checkPages.ts';
import { jsonLdRules, type JsonLdRules } from '../checks/jsonLdRules.ts';
import type { SiteDefinition } from '../site/defineConfig.ts';
import { guarded, pluginHook } from './applyPlugins.ts';
import type { BuildDone, SitePlugin } from './definePlugin.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDefinition = SiteDefinition<any, any, any>;

const pluginsOf = (site: AnyDefinition): readonly SitePlugin[] => site.plugins ?? [];

/** Every plugin's JSON-LD rules, a later plugin's over an earlier one's for the same type. */
export function pluginJsonLdRules(site: AnyDefinition): JsonLdRules {
  const plugins = pluginsOf(site);
  if (!plugins.length) return jsonLdRules;
  const rules = plugins.flatMap((p) => Object.entries(p.jsonLdRules ?? {}).map(([type, rule]) => [type, guarded(rule, p.name, `jsonLdRules.${type}`)] as const));
  return Object.fromEntries(rules);
}

/** Every plugin's checks, by name, in order. */
export function pluginChecks(site: AnyDefinition): [string, (input: CheckInput) => string[]][] {
  return pluginsOf(site).flatMap((p) => Object.entries(p.checks ?? {}).map(([name, check]): [string, (input: CheckInput) => string[]] => [name, guarded(check, p.name, `checks["${name}"]`)]));
}

/** Tells each plugin the build is done, in order. */
export async function pluginsBuildDone(site: AnyDefinition, build: BuildDone): Promise<void> {
  for (const p of pluginsOf(site)) if (p.buildDone) await pluginHook(p, 'buildDone')(build);
}

/** Tells each plugin `site dev` listens, in order. */
export async function pluginsDevStart(site: AnyDefinition, server: { url: string }): Promise<void> {
  for (const p of pluginsOf(site)) if (p.devStart) await pluginHook(p, 'devStart')(server);
}
