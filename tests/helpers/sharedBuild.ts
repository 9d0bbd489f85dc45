/**
 * A site built once per run (madeOnce.ts) for the test files that only read its output: each serves the
 * same folder instead of building the site again. The output is read-only; a test that changes the site
 * or its content builds its own.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../generator/build.ts';
import type { SiteOptions } from '../../generator/config.ts';
import { madeOnce } from './madeOnce.ts';

/** What a shared build leaves for its readers: the output folder and the route table's paths, files and titles. */
export interface SharedBuild {
  dir: string;
  routes: { path: string; file: string; title: string }[];
}

/**
 * The output of `build(options)` (no backend, quiet, unless `options` say otherwise), made once per run
 * under `name`: every file that asks with one name must mean the same options.
 */
export async function sharedBuild(name: string, options: Omit<SiteOptions, 'out' | 'cacheDir'> = {}): Promise<SharedBuild> {
  const folder = await madeOnce(name, async (into) => {
    const result = await build({ backend: null, log: () => {}, progress: false, ...options, out: path.join(into, 'dist'), cacheDir: path.join(into, 'cache') });
    const routes: SharedBuild['routes'] = result.routes.map((r) => ({ path: r.path, file: r.file, title: r.title }));
    await writeFile(path.join(into, 'routes.json'), JSON.stringify(routes));
  });
  const routes = JSON.parse(await readFile(path.join(folder, 'routes.json'), 'utf8')) as SharedBuild['routes'];
  return { dir: path.join(folder, 'dist'), routes };
}

/** This repository's own site, built with no backend: the output of `site build` with no flags and no environment. */
export const thisSite = (): Promise<SharedBuild> => sharedBuild('this-site');
