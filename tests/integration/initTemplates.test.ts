/**
 * The starters besides the blog (tests/integration/initSite.test.ts), made by `site init --template` in
 * a temporary folder and built by the real CLI with every check and budget passing and no warning: the
 * docs (sections, a sidebar, TechArticle data, a search index its island reads) and the marketing site,
 * whose sign-up form saves an address in the embedded backend (what `site dev` and `site backend` run
 * from its supabase/ folder), where visitors may add to the list and not read it.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../../generator/backend/startBackend.ts';
import { clientFor } from './backend/testClients.ts';
import { runSite, runSiteWithEnv } from './runSite.ts';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-templates-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function made(template: string): Promise<string> {
  const init = await runSite(tmp, 'init', template, '--template', template);
  expect(init.stderr).toBe('');
  expect(init.code).toBe(0);
  expect(init.stdout).toContain(`(the ${template} template)`);
  return path.join(tmp, template);
}

describe('site init --template docs', () => {
  it('builds the docs with their search index, without a warning', async () => {
    const root = await made('docs');
    const build = await runSite(root, 'build');
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
    expect(build.stdout).toMatch(/island Search +\d+\.\d KB/);
    const page = await readFile(path.join(root, 'dist', 'docs', 'guides', 'linking.html'), 'utf8');
    expect(page).toContain('"@type":"TechArticle"');
    expect(page).toContain('aria-current="page">Linking pages</a>');
    expect(page).toContain('data-island="Search"');
    expect(existsSync(path.join(root, 'dist', 'search', 'index.json'))).toBe(true);
  });
});

describe('site init --template marketing', () => {
  let root: string;
  beforeAll(async () => {
    root = await made('marketing');
  });

  it('builds against a hosted backend without a warning, the privacy page from its markdown file', async () => {
    const build = await runSiteWithEnv(root, { SITE_SUPABASE_URL: 'https://launch.supabase.example', SITE_SUPABASE_ANON_KEY: 'anon-key' }, 'build');
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
    const home = await readFile(path.join(root, 'dist', 'index.html'), 'utf8');
    expect(home).toContain('data-island="SignUp"');
    expect(home).toContain('"@type":"Organization"');
    expect(await readFile(path.join(root, 'dist', 'privacy.html'), 'utf8')).toContain('we keep your email address');
  });

  it('saves a sign-up in the embedded backend, which visitors may not read', async () => {
    const backend = await startBackend({ port: 0, inboxPort: 0, dataDir: null, supabaseDir: path.join(root, 'supabase'), log: () => {} });
    try {
      const { apiUrl: url, anonKey, serviceRoleKey } = backend;
      const visitor = clientFor({ apiUrl: url, anonKey });
      expect((await visitor.from('signups').insert({ email: 'walker@example.com' })).error).toBeNull();
      // Twice is no error the form shows: the address is on the list either way.
      expect((await visitor.from('signups').insert({ email: 'walker@example.com' })).error?.code).toBe('23505');
      expect((await visitor.from('signups').insert({ email: 'not an address' })).error?.code).toBe('23514');
      const read = await visitor.from('signups').select('email');
      expect(read.data ?? []).toEqual([]);
      const owner = clientFor({ apiUrl: url, anonKey }, serviceRoleKey);
      expect((await owner.from('signups').select('email')).data).toEqual([{ email: 'walker@example.com' }]);
    } finally {
      await backend.close();
    }
  }, 240_000);
});
