/**
 * `site dev` refuses a page that names an island the site has no widget file for, as `site build` does
 * (IslandUnknown), and renders it once the widget exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dev, type DevServer } from '../../../generator/dev/dev.ts';
import { fixtureCopy, type SiteCopy } from './fixtureCopy.ts';

const TEMPLATE = 'templates/pages/HomePage.tsx';
const WIDGET = 'widgets/islands/Counter.ts';

describe('site dev and an island without a widget file', () => {
  let site: SiteCopy;
  let server: DevServer;
  const lines: string[] = [];
  beforeAll(async () => {
    site = await fixtureCopy();
    await site.edit(TEMPLATE, (s) =>
      `import { Island } from 'skerry';\n${s}`.replace('<p className="lead">', '<Island name="Countr" hydrate="visible" />\n      <p className="lead">'),
    );
    server = await dev({ root: site.root, cacheDir: site.cacheDir, port: 0, backend: false, log: (l) => lines.push(l) });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await site?.remove();
  });

  it('answers the error page naming the page, its template and the island, in the page and the terminal', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('[IslandUnknown]');
    expect(html).toContain('widgets/islands/Countr.tsx');
    expect(html).toContain('The page /');
    expect(lines.join('\n')).toContain('IslandUnknown');
    // A page without the island still renders.
    expect((await fetch(`${server.url}/docs/getting-started`)).status).not.toBe(500);
  });

  it('renders the page once the widget file exists', async () => {
    await site.write(WIDGET, 'export default function mount(el: HTMLElement): void {\n  el.textContent = "0";\n}\n');
    await site.edit(TEMPLATE, (s) => s.replace('name="Countr"', 'name="Counter"'));
    await expect
      .poll(async () => (await fetch(`${server.url}/`)).status, { timeout: 60_000, interval: 250 })
      .toBe(200);
    expect(await (await fetch(`${server.url}/`)).text()).toContain('data-island="Counter"');
  }, 90_000);
});
