/**
 * The JavaScript budgets over a real widget bundle (esbuild, one React island): what a page's first load
 * counts (every island that can wake with no interaction), and the budgets in force in the report.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWidgets, type WidgetBundle } from '../../../generator/assets/bundleWidgets.ts';
import { checkBudgets } from '../../../generator/assets/checkBudgets.ts';
import { formatJsReport } from '../../../generator/assets/formatJsReport.ts';
import { SiteError } from '../../../generator/core/errors.ts';
import type { Route } from '../../../generator/site/defineConfig.ts';

const root = mkdtempSync(path.join(tmpdir(), 'site-budgets-'));
mkdirSync(path.join(root, 'widgets/islands'), { recursive: true });
writeFileSync(
  path.join(root, 'widgets/islands/Trail.tsx'),
  `import { useState } from 'react';
import { mountReact } from 'skerry';
export function Trail({ km }: { km: number }) {
  const [open, setOpen] = useState(false);
  return <button type="button" onClick={() => setOpen(!open)}>{km} km</button>;
}
export default mountReact(Trail);
`,
);
let bundle: WidgetBundle;
beforeAll(async () => {
  bundle = await bundleWidgets({ widgetsDir: path.join(root, 'widgets'), backend: null });
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const route = (p: string, template: string) => ({ path: p, template }) as Route;
const page = (url: string, hydrate: string) => ({ url, islands: [{ name: 'Trail', hydrate }] });

describe('checkBudgets', () => {
  it('counts an island that hydrates at load, when idle or when visible toward the first load; one that waits for an interaction not', () => {
    const pages = ['load', 'idle', 'visible', 'interaction'].map((h) => page(`/${h}`, h));
    const report = checkBudgets(bundle, pages, pages.map((p) => route(p.url, 'page')));
    const loader = report.loader;
    const island = report.islands.Trail!;
    // React is in the island's share: far more than the loader.
    expect(island).toBeGreaterThan(loader);
    for (const h of ['load', 'idle', 'visible']) expect(report.pages[`/${h}`]!.initial).toBe(loader + island);
    expect(report.pages['/interaction']!.initial).toBe(loader);
    expect(report.pages['/interaction']!.total).toBe(loader + island);
  });

  it('holds a content page with a visible island to the first-load budget', () => {
    const error = (() => {
      try {
        checkBudgets(bundle, [page('/walks/ridge', 'visible')], [route('/walks/ridge', 'article')], { contentTemplates: ['article'] });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).message).toMatch(/^The first-load JavaScript of \/walks\/ridge is \d+\.\d KB gzip, over its budget of 5\.0 KB\.$/);
    expect(() => checkBudgets(bundle, [page('/walks/ridge', 'interaction')], [route('/walks/ridge', 'article')], { contentTemplates: ['article'] })).not.toThrow();
  });

  it('reports the budgets in force, the site’s over the defaults, and the heaviest content page against its own', () => {
    const pages = [page('/', 'visible'), page('/walks/ridge', 'interaction')];
    const routes = [route('/', 'home'), route('/walks/ridge', 'article')];
    const report = checkBudgets(bundle, pages, routes, { total: 200 * 1024, initialContentPage: 8 * 1024, contentTemplates: ['article'], pageBytes: 90_000 } as never);
    expect(report.budgets).toEqual({ loader: 3 * 1024, initialContentPage: 8 * 1024, total: 200 * 1024, contentTemplates: ['article'] });
    const lines = formatJsReport(report).split('\n');
    expect(lines.at(-3)).toMatch(/^ {2}heaviest first load: \/ \d+\.\d KB; heaviest total: \/ \d+\.\d KB \(budget 200\.0 KB\)$/);
    expect(lines.at(-2)).toMatch(/^ {2}heaviest first load of a content page \(article\): \/walks\/ridge \d+\.\d KB \(budget 8\.0 KB\)$/);
  });
});
