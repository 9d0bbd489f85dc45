/**
 * `site init [dir] [--template name]`: writes a new site (scaffoldFiles.ts, from a template of
 * generator/init/templates/) into a folder that is missing or empty (writeNewSite.ts). The site depends
 * on this engine: by version when it runs from an installed package, else by its folder.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { generatorRoot } from '../cache/sourceKey.ts';
import type { MadeSite } from './nextSteps.ts';
import { scaffoldFiles, siteName, type EngineRef } from './scaffoldFiles.ts';
import { readTemplate } from './templateDir.ts';
import { DEFAULT_TEMPLATE, siteTemplate } from './siteTemplates.ts';
import { assertEmpty, writeNewSite } from './writeNewSite.ts';

interface EnginePackage {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The engine's package.json. */
export const enginePackage = async (root = generatorRoot): Promise<EnginePackage> => JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));

/** The versions the engine is built and checked with, by package. */
export const engineVersions = (pkg: EnginePackage): Record<string, string> => ({ ...pkg.devDependencies, ...pkg.dependencies });

/** How the new site at `root` depends on this engine: by version when it runs from an installed package (inside a node_modules folder), else by its folder. */
function engineOf(pkg: EnginePackage, root: string): EngineRef {
  if (generatorRoot.split(path.sep).includes('node_modules')) return { name: pkg.name, version: pkg.version };
  return { name: pkg.name, folder: path.relative(root, generatorRoot).split(path.sep).join('/') || '.' };
}

export async function initSite(dir = '.', options: { template?: string } = {}): Promise<MadeSite> {
  const template = siteTemplate(options.template ?? DEFAULT_TEMPLATE);
  const root = path.resolve(dir);
  await assertEmpty(root, dir, 'site init');
  const name = siteName(root);
  const pkg = await enginePackage();
  const files = scaffoldFiles({ template: await readTemplate(template), name, engine: engineOf(pkg, root), versions: engineVersions(pkg) });
  await writeNewSite(root, files);
  return { dir: root, name, template, files: [...files.keys()] };
}
