/** axe-core on a page, for the end-to-end tests. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

let axeSource: string | undefined;

/** axe-core in every frame of the page (evaluated from source: the CSP would block a script tag); violations as strings. */
export async function axeViolations(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');
  for (const frame of page.frames()) {
    const loaded = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!loaded) await frame.evaluate(axeSource).catch(() => undefined);
  }
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const { violations } = await axe.run();
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  });
}
