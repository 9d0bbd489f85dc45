/**
 * The engine's docs as a site the engine builds (website/: README.md at /, each guide of docs/ at
 * /<name>), by the real CLI: with every check passing, so 0 broken links and anchors between the docs
 * (the links GitHub follows, made the site's addresses), no warning, a page per guide and a search
 * index of their text.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSite, type Run } from './runSite.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const website = path.join(repo, 'website');

let tmp: string;
let out: string;
let build: Run;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-website-'));
  out = path.join(tmp, 'dist');
  build = await runSite(website, 'build', '--out', out, '--cache-dir', path.join(tmp, 'cache'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('the docs site (website/)', () => {
  it('builds with every check passing (no broken link or anchor) and no warning', () => {
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
  });

  it('has the README as its home page and a page per guide, the links between them the pages\' addresses', async () => {
    const guides = (await readdir(path.join(repo, 'docs'))).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3));
    for (const guide of guides) expect(existsSync(path.join(out, `${guide}.html`)), guide).toBe(true);
    const home = await readFile(path.join(out, 'index.html'), 'utf8');
    expect(home).toContain('href="/reference"');
    expect(home).not.toMatch(/href="[^"]*\.md[#"]/);
    const i18n = await readFile(path.join(out, 'i18n.html'), 'utf8');
    expect(i18n).toContain('href="/reference#languages"');
    expect(i18n).toContain('aria-current="page">Sites in several languages</a>');
    expect(existsSync(path.join(out, 'search', 'index.json'))).toBe(true);
  });
});
