/**
 * The config's `redirects` through the real CLI on a copy of the blog fixture (tests/fixtures/blog-site): a redirect to a page and one to
 * another site are written to `_redirects` with their pages, and a chain fails the build with exit 1,
 * naming both redirects and the config line, and leaves the output alone.
 */
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyBlogSite } from './blogSite.ts';
import { runSite } from './runSite.ts';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-config-redirects-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** A copy of the blog fixture whose config has `redirects`. */
async function siteWith(name: string, redirects: string): Promise<string> {
  const root = path.join(tmp, name);
  await copyBlogSite(root);
  const config = path.join(root, 'site.config.ts');
  await writeFile(config, (await readFile(config, 'utf8')).replace('  routes: buildRoutes,\n', `  routes: buildRoutes,\n  redirects: {\n${redirects}  },\n`));
  return root;
}

describe('redirects in site.config.ts', () => {
  it('are written to _redirects, each with a redirect page', async () => {
    const root = await siteWith('good', "    '/prices': '/pricing',\n    '/handbook': 'https://docs.quill.example/',\n");
    const run = await runSite(root, 'build', '--out', 'dist');
    expect(run.code, run.stderr).toBe(0);
    expect(await readFile(path.join(root, 'dist/_redirects'), 'utf8')).toBe('/prices /pricing 301\n/handbook https://docs.quill.example/ 301\n');
    expect(await readFile(path.join(root, 'dist/prices.html'), 'utf8')).toContain('<link rel="canonical" href="https://quill.example/pricing">');
    expect(await readFile(path.join(root, 'dist/handbook.html'), 'utf8')).toContain('<meta http-equiv="refresh" content="0; url=https://docs.quill.example/">');
  }, 120_000);

  it('fail the build on a chain, naming both redirects and the line', async () => {
    const root = await siteWith('chain', "    '/prices': '/pricing',\n    '/cost': '/prices',\n");
    const line = (await readFile(path.join(root, 'site.config.ts'), 'utf8')).split('\n').indexOf("    '/cost': '/prices',") + 1;
    const run = await runSite(root, 'build', '--out', 'dist');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[RedirectChain]');
    expect(run.stderr).toContain(`site.config.ts:${line}: /cost redirects to /prices, which itself redirects to /pricing`);
    expect(run.stderr).toContain('Hint: Redirect /cost straight to /pricing.');
    await expect(access(path.join(root, 'dist'))).rejects.toThrow();
  }, 120_000);
});
