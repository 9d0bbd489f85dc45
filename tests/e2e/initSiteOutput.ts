/**
 * The site `site init` makes, made and built in this process (what `site init site` and then `site build`
 * in it do, without their processes; no social images, which no reader of it looks at), once per run
 * (tests/helpers/madeOnce.ts) for the browser tests that only read its output.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errorReport } from '../../generator/core/errors.ts';
import { initSite } from '../../generator/init/initSite.ts';
import { madeOnce } from '../helpers/madeOnce.ts';
import { buildHere } from '../integration/buildHere.ts';

/** How a step ended: the CLI's exit code for it, and what it would have printed on stderr. */
export interface Outcome {
  code: number;
  stderr: string;
}

export interface InitSiteOutput {
  /** The built site (read-only: a test that changes it copies it first). */
  dir: string;
  /** How `site init` and `site build` ended, for the test to check before it reads `dir`. */
  init: Outcome;
  build: Outcome;
}

export async function initSiteOutput(): Promise<InitSiteOutput> {
  const folder = await madeOnce('init-site', async (into) => {
    const root = path.join(into, 'site');
    const init: Outcome = await initSite(root).then(
      () => ({ code: 0, stderr: '' }),
      (e: unknown) => {
        const { code, text } = errorReport(e);
        return { code, stderr: text };
      },
    );
    const build: Outcome = init.code === 0 ? await buildHere({ root }) : { code: 2, stderr: 'not built: site init failed' };
    await writeFile(path.join(into, 'runs.json'), JSON.stringify({ init, build: { code: build.code, stderr: build.stderr } }));
  });
  const runs = JSON.parse(await readFile(path.join(folder, 'runs.json'), 'utf8')) as Pick<InitSiteOutput, 'init' | 'build'>;
  return { dir: path.join(folder, 'site', 'dist'), ...runs };
}
