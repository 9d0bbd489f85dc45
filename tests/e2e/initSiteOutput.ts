/**
 * The site `site init` makes, built by the real CLI (`site init site`, then `site build` in it, no flags),
 * once per run (tests/helpers/madeOnce.ts) for the browser tests that only read its output.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { madeOnce } from '../helpers/madeOnce.ts';
import { runSite, type Run } from '../integration/runSite.ts';

export interface InitSiteOutput {
  /** The built site (read-only: a test that changes it copies it first). */
  dir: string;
  /** How `site init` and `site build` ended, for the test to check before it reads `dir`. */
  init: Run;
  build: Run;
}

export async function initSiteOutput(): Promise<InitSiteOutput> {
  const folder = await madeOnce('init-site-built', async (into) => {
    const init = await runSite(into, 'init', 'site');
    const build = init.code === 0 ? await runSite(path.join(into, 'site'), 'build') : { code: null, stdout: '', stderr: 'not built: site init failed' };
    await writeFile(path.join(into, 'runs.json'), JSON.stringify({ init, build }));
  });
  const runs = JSON.parse(await readFile(path.join(folder, 'runs.json'), 'utf8')) as Pick<InitSiteOutput, 'init' | 'build'>;
  return { dir: path.join(folder, 'site', 'dist'), ...runs };
}
