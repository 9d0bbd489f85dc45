/** axe-core on a page, for the end-to-end tests. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

let axeSource: string | undefined;

/**
 * axe-core in every frame of the page (evaluated from source: the CSP would block a script tag); violations as strings.
 * Only violations are gathered in full (`resultTypes`): axe then keeps one node of each passing, incomplete or
 * inapplicable rule instead of every one, which spares it work on a long page, and reports the same violations.
 * A frame that reloads while axe audits it (a live preview whose page `site dev` reloads) never answers: after
 * FRAME_WAIT_MS axe gives up on it, and the audit is made once more, axe put in the frames as they are then.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  try {
    return await audit(page);
  } catch (e) {
    if (!/Axe in frame timed out/.test(String(e))) throw e;
    return audit(page);
  }
}

/** How long axe waits for a frame's results: a frame audits a page of its own in a second or two. */
const FRAME_WAIT_MS = 30_000;

async function audit(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');
  for (const frame of page.frames()) {
    const loaded = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!loaded) await frame.evaluate(axeSource).catch(() => undefined);
  }
  return page.evaluate(async (frameWaitTime) => {
    type Result = { violations: { id: string; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document, options: { resultTypes: string[]; frameWaitTime: number }) => Promise<Result> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'], frameWaitTime });
    return violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  }, FRAME_WAIT_MS);
}
