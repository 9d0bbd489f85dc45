/**
 * `site build` (the CLI, run from its bundle) names where a site's own code threw: a template, an island's
 * server render, a social card, the route table; the file and line in the site's source (the bundles' source maps), the
 * page, the message, exit status 1.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureCopy, type SiteCopy } from './dev/fixtureCopy.ts';

const cli = fileURLToPath(new URL('../../bin/site.js', import.meta.url));
const copies: SiteCopy[] = [];
/** An island the test writes into a fixture's copy. */
const GAUGE = 'widgets/islands/Gauge.tsx';
afterAll(() => Promise.all(copies.map((c) => c.remove())));

/** Runs `site build` in the site's folder: its exit status and what it wrote to stderr. */
const siteBuild = (site: SiteCopy) =>
  new Promise<{ status: number; stderr: string }>((resolve) => {
    execFile(process.execPath, [cli, 'build', '--cache-dir', site.cacheDir], { cwd: site.root, timeout: 240_000 }, (error, _stdout, stderr) =>
      resolve({ status: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
    );
  });

/** Inserts `line` after the first line matching `after`; returns the inserted line's number. */
async function withLine(site: SiteCopy, file: string, after: RegExp, line: string): Promise<number> {
  let at = 0;
  await site.edit(file, (s) => {
    const lines = s.split('\n');
    at = lines.findIndex((l) => after.test(l)) + 2;
    lines.splice(at - 1, 0, line);
    return lines.join('\n');
  });
  expect(at).toBeGreaterThan(1);
  return at;
}

describe('site build, when the site code throws', () => {
  it('names the template file:line, the page and the message', async () => {
    const site = await fixtureCopy();
    copies.push(site);
    const line = await withLine(site, 'templates/pages/HomePage.tsx', /useSite\(\)\.content/, "  if (site.name) throw new Error('the home page is not ready');");
    const { status, stderr } = await siteBuild(site);
    expect(status).toBe(1);
    expect(stderr).toContain('[TemplateRenderFailed]');
    expect(stderr).toContain(`templates/pages/HomePage.tsx:${line}: Rendering / with home failed: the home page is not ready.`);
  }, 300_000);

  it("names the island's widget file:line when its server render throws", async () => {
    const site = await fixtureCopy();
    copies.push(site);
    await site.write(
      GAUGE,
      [
        "import { mountReact } from 'skerry';",
        '',
        'export function Gauge({ value }: { value: number }) {',
        "  if (value > 1) throw new Error('a gauge reads at most 1');",
        '  return <meter value={value} />;',
        '}',
        '',
        'export default mountReact(Gauge);',
        '',
      ].join('\n'),
    );
    // The fixture copy's own island, imported by its home template (a path inside the copy, not this repository's widgets).
    const gauge = path.posix.relative('templates/pages', GAUGE);
    await site.edit('templates/pages/HomePage.tsx', (s) =>
      `import { Island } from 'skerry';\nimport { Gauge } from '${gauge}';\n${s.replace('<p className="lead">', '<Island name="Gauge" hydrate="load" component={Gauge} props={{ value: 2 }} />\n      <p className="lead">')}`,
    );
    const { status, stderr } = await siteBuild(site);
    expect(status).toBe(1);
    expect(stderr).toContain('[IslandRenderFailed]');
    expect(stderr).toContain('widgets/islands/Gauge.tsx:4: an island of / (template home) failed in its server render: a gauge reads at most 1.');
  }, 300_000);

  it('names the social card file:line', async () => {
    const site = await fixtureCopy('blog-site');
    copies.push(site);
    const line = await withLine(site, 'templates/SocialCard.tsx', /^export function SocialCard/, "  if (data.title) throw new Error('no cards today');");
    const { status, stderr } = await siteBuild(site);
    expect(status).toBe(1);
    expect(stderr).toContain('[SocialCardFailed]');
    expect(stderr).toMatch(new RegExp(`templates/SocialCard\\.tsx:${line}: The social image of /\\S+ failed: no cards today\\.`));
  }, 300_000);

  it('names the file:line of the route table when it throws', async () => {
    const site = await fixtureCopy();
    copies.push(site);
    const line = await withLine(site, 'templates/routes.ts', /^export function buildRoutes/, "  if (content.site) throw new Error('no routes yet');");
    const { status, stderr } = await siteBuild(site);
    expect(status).toBe(1);
    expect(stderr).toContain('[SiteHookFailed]');
    expect(stderr).toContain(`templates/routes.ts:${line}: the site's \`routes\` threw: no routes yet.`);
  }, 300_000);
});
