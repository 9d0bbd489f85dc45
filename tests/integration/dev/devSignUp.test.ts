/**
 * `site dev` for a site with a backend says where it is, and says how to grant admin only to a site with a
 * sign-up page (/auth): the command would otherwise send its user looking for a page the site lacks.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dev, type DevServer } from '../../../generator/dev/dev.ts';
import { fixtureCopy, type SiteCopy } from './fixtureCopy.ts';

const MIGRATION = 'create table public.notes (id bigint generated always as identity primary key, body text not null);\n';

/** The docs-site fixture with a supabase/ folder; `signUp`: with a page at /auth. */
async function withBackend(signUp: boolean): Promise<SiteCopy> {
  const site = await fixtureCopy();
  await site.write('supabase/migrations/20260101000000_notes.sql', MIGRATION);
  if (signUp) {
    await site.edit('site.config.ts', (text) =>
      text
        .replace('routes: buildRoutes,', "routes: (content) => [...buildRoutes(content), { path: '/auth', file: 'auth.html', template: 'auth', title: 'Sign up', description: 'Sign up to the docs.', indexable: false, breadcrumbs: [], ogType: 'website' } as never],")
        .replace('templates: pageTemplates,', "templates: { ...pageTemplates, auth: () => null },"),
    );
  }
  return site;
}

describe('site dev for a site with a backend', () => {
  let site: SiteCopy | undefined;
  let server: DevServer | undefined;
  afterEach(async () => {
    await server?.close();
    await site?.remove();
  });

  async function start(signUp: boolean): Promise<string> {
    site = await withBackend(signUp);
    const lines: string[] = [];
    server = await dev({ root: site.root, cacheDir: site.cacheDir, dataDir: site.dataDir, port: 0, backendPort: 0, log: (l) => lines.push(l) });
    expect(server.backend).not.toBeNull();
    return lines.join('\n');
  }

  it('says where the backend is and nothing about admin when the site has no sign-up page', async () => {
    const said = await start(false);
    expect(said).toMatch(/Backend API: http:\/\/127\.0\.0\.1:\d+\nPublishable key: sb_publishable_\S+/);
    expect(said).not.toMatch(/admin/i);
    // The backend runs the site's own migrations (its root's supabase/, not the working folder's).
    const { url, serviceRoleKey } = server!.backend!;
    expect((await fetch(`${url}/rest/v1/notes`, { headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` } })).status).toBe(200);
  }, 240_000);

  it('says how to grant admin after signing up at /auth when the site has that page', async () => {
    const said = await start(true);
    expect(said).toMatch(/Grant admin after signing up at http:\/\/127\.0\.0\.1:\d+\/auth:\n {2}npx site admin grant <email> --port \d+/);
  }, 240_000);
});
