/**
 * What a new site is made from: the templates, and the engine it depends on (its name, its version and
 * the versions of the packages it is built with). Here they are read from the engine's folder; the
 * initializer package (`npm create`) bundles createSite.ts with this module replaced by the same data,
 * taken from this folder when that package is packed (packages/create-skerry/build.mjs).
 */
import { enginePackage, engineVersions } from './initSite.ts';
import type { SiteTemplate } from './siteTemplates.ts';
import { readTemplate } from './templateDir.ts';

export interface InitSource {
  engine: { name: string; version: string };
  versions: Record<string, string>;
  template(name: SiteTemplate): Promise<Map<string, Uint8Array>>;
}

export async function initSource(): Promise<InitSource> {
  const pkg = await enginePackage();
  return { engine: { name: pkg.name, version: pkg.version }, versions: engineVersions(pkg), template: readTemplate };
}
