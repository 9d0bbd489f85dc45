/**
 * site.config.ts mistakes through the real CLI, on copies of the blog fixture (tests/fixtures/blog-site):
 * code that does not compile, and a config of the wrong shape, each fail the build with exit 1, the
 * file, the line and a hint, and leave the output alone.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyBlogSite } from './blogSite.ts';
import { runSite } from './runSite.ts';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-config-cli-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** A copy of the blog fixture whose site.config.ts went through `edit`. */
async function siteWith(name: string, edit: (text: string) => string): Promise<string> {
  const root = path.join(tmp, name);
  await copyBlogSite(root);
  const config = path.join(root, 'site.config.ts');
  await writeFile(config, edit(await readFile(config, 'utf8')));
  return root;
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('site.config.ts mistakes', () => {
  it('code that does not compile names the file and line', async () => {
    const root = await siteWith('syntax', (t) => t.replace('routes: buildRoutes,', 'routes: buildRoutes,,'));
    const line = lineOf(await readFile(path.join(root, 'site.config.ts'), 'utf8'), 'routes: buildRoutes,,');
    const run = await runSite(root, 'build', '--out', 'dist');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[SiteConfigFailed]');
    expect(run.stderr).toContain(`site.config.ts:${line}:`);
    expect(run.stderr).toMatch(/Hint: /);
  });

  it('a field of the wrong kind names the field, what it takes and its line', async () => {
    const root = await siteWith('shape', (t) => t.replace('routes: buildRoutes,', 'routes: 5,'));
    const line = lineOf(await readFile(path.join(root, 'site.config.ts'), 'utf8'), 'routes: 5,');
    const run = await runSite(root, 'build', '--out', 'dist');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`site.config.ts:${line}: "routes" must be a function of the content that returns the route table.`);
    expect(run.stderr).toContain('[SiteConfigInvalid]');
  });

  it('a folder without a config says how to make a site', async () => {
    const run = await runSite(tmp, 'build', '--out', 'dist');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[SiteConfigMissing]');
    expect(run.stderr).toMatch(/site init/);
  });
});
