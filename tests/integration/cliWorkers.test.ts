/**
 * The CLI's worker threads, as a user runs it (`node bin/site.js` in a child process, on a copy of the
 * content): the worker that bin/site.js starts early writes the same bytes as the main thread alone, and
 * a worker bundle gone stale since bin/site.js checked it is made again by the build.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineTempDir } from '../../generator/bundleStore.mjs';
import { hashTree, runSite, type Run } from './runSite.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** `site ...` with the repository as the working folder. */
const site = (...args: string[]): Promise<Run> => runSite(root, ...args);

/** `site build` of a copy of the content: no social images, which neither worker threads nor their bundles draw differently. */
const siteBuild = (...args: string[]): Promise<Run> => site('build', '--no-social-images', ...args);

/** Replaces one exact piece of text in a content file, failing loudly if it is not there. */
async function edit(dir: string, rel: string, change: (text: string) => string): Promise<void> {
  const file = path.join(dir, rel);
  const before = await readFile(file, 'utf8');
  const after = change(before);
  expect(after, `edit of ${rel} changed nothing`).not.toBe(before);
  await writeFile(file, after);
}

let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-cli-workers-'));
  await cp(path.join(root, 'content'), path.join(tmp, 'content'), { recursive: true });
});

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('site build with worker threads', () => {
  it('writes the same bytes with the worker bin/site.js starts early as with the main thread alone', async () => {
    const good = path.join(tmp, 'content');
    const built = async (workers: string) => {
      const dir = path.join(tmp, `workers-${workers}`);
      const run = await siteBuild('--content', good, '--out', dir, '--cache-dir', path.join(tmp, `cache-workers-${workers}`), '--workers', workers);
      expect(run.code, run.stderr).toBe(0);
      return { run, tree: await hashTree(dir) };
    };
    const [early, alone] = [await built('1'), await built('0')];
    expect(early.run.stdout).toMatch(/, 1 workers\)$/m);
    expect(early.tree).toEqual(alone.tree);
  });

  it("makes the worker's bundle itself when it went stale since bin/site.js checked (a warm build after a template edit)", async () => {
    const good = path.join(tmp, 'content-stale-worker');
    await cp(path.join(tmp, 'content'), good, { recursive: true });
    const cache = path.join(tmp, 'cache-stale-worker');
    const dir = path.join(tmp, 'stale-worker');
    const first = await siteBuild('--content', good, '--out', dir, '--cache-dir', cache, '--workers', '1');
    expect(first.code, first.stderr).toBe(0);
    // With an article index in the cache, bin/site.js starts no worker early and leaves the worker's
    // bundle to the build; without its manifest (in the engine's folder of the OS temp folder) that bundle
    // counts as stale and is made by the CLI.
    const manifest = path.join(engineTempDir(root)!, 'engine', 'shard.json');
    expect(existsSync(manifest), 'the first build made the worker bundle').toBe(true);
    await rm(manifest, { force: true });
    await edit(good, 'blog/ai-trust-presentations.md', (t) => `${t}\nOne more sentence.\n`);
    const warm = await siteBuild('--content', good, '--out', dir, '--cache-dir', cache, '--workers', '1');
    expect(warm.stderr).not.toMatch(/internal error/);
    expect(warm.code, warm.stderr).toBe(0);
    expect(warm.stdout).toMatch(/\(1 rendered, \d+ from cache, 1 workers\)$/m);
  });
});
