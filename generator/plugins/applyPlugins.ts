/**
 * The site's definition with its plugins' hooks composed in: the engine's own plugins first
 * (builtinPlugins.ts), then the site's, in order. `config` patches run first; the route table is the
 * site's, then each plugin's `routes` in turn; `files` and `jsonLd` add to the site's own (a later
 * file of the same name wins, as the site's own files always did over the sitemap); the other hooks
 * are read where they apply (pluginHooks.ts). A plugin's exception is a SiteHookFailed naming the
 * plugin and the hook. Pure.
 */
import { SiteError } from '../core/errors.ts';
import type { SiteDefinition } from '../site/defineConfig.ts';
import { builtinPlugins } from './builtinPlugins.ts';
import type { SitePlugin } from './definePlugin.ts';
import { siteSource } from '../core/siteSource.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDefinition = SiteDefinition<any, any, any>;

const composed = new WeakSet<object>();

/** A plugin's hook, its exceptions (other than a SiteError) named as the plugin's. */
export function pluginHook<K extends keyof SitePlugin>(plugin: SitePlugin, hook: K): NonNullable<SitePlugin[K]> {
  return guarded(plugin[hook] as unknown as (...args: unknown[]) => unknown, plugin.name, String(hook)) as NonNullable<SitePlugin[K]>;
}

/** `fn`, its exceptions and rejections (other than a SiteError) named as the `hook` of the plugin `plugin`. */
export function guarded<F extends (...args: never[]) => unknown>(fn: F, plugin: string, hook: string): F {
  const named = (e: unknown) => {
    if (e instanceof SiteError) return e;
    return new SiteError('SiteHookFailed', { hook, plugin, reason: e instanceof Error ? e.message : String(e), ...siteSource(e) });
  };
  return ((...args: never[]) => {
    let result: unknown;
    try {
      result = fn(...args);
    } catch (e) {
      throw named(e);
    }
    return result instanceof Promise ? result.catch((e: unknown) => Promise.reject(named(e))) : result;
  }) as F;
}

export function applyPlugins<D extends AnyDefinition>(definition: D): D {
  if (composed.has(definition)) return definition;
  const plugins: SitePlugin[] = [...builtinPlugins, ...(definition.plugins ?? [])];
  let site: AnyDefinition = { ...definition, plugins };
  for (const plugin of plugins) {
    if (!plugin.config) continue;
    const patch = pluginHook(plugin, 'config')(site);
    if (patch) site = { ...site, ...patch, plugins };
  }
  const own = site;
  const routing = plugins.filter((p) => p.routes).map((p) => pluginHook(p, 'routes'));
  const filing = plugins.filter((p) => p.files).map((p) => pluginHook(p, 'files'));
  const marking = plugins.filter((p) => p.jsonLd).map((p) => pluginHook(p, 'jsonLd'));
  const builtinFiles = filing.slice(0, builtinPlugins.filter((p) => p.files).length);
  const siteFiles = filing.slice(builtinFiles.length);
  const result: AnyDefinition = {
    ...own,
    routes: (content) => routing.reduce((routes, hook) => hook(routes, content), own.routes(content)),
    files: (routes, tools) => Object.assign({}, ...builtinFiles.map((hook) => hook(routes, tools)), own.files?.(routes, tools), ...siteFiles.map((hook) => hook(routes, tools))),
    ...(own.jsonLd || marking.length ? { jsonLd: (route, tools) => [...(own.jsonLd?.(route, tools) ?? []), ...marking.flatMap((hook) => hook(route, tools))] } : {}),
  };
  composed.add(result);
  return result as D;
}
