/**
 * The build's JavaScript size table: the loader, each island, and the heaviest pages against the budgets
 * in force (the site's, over the defaults); one line for a site without islands. Pure.
 */
import type { JsReport } from './checkBudgets.ts';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

type Entry = [string, JsReport['pages'][string]];
const heaviest = (pages: Entry[], by: 'initial' | 'total') => pages.reduce((m, p) => (p[1][by] > m[1][by] ? p : m), pages[0]!);

export function formatJsReport(js: JsReport): string {
  // A site without widgets ships no script at all.
  if (js.loader === 0 && Object.keys(js.islands).length === 0) return 'JavaScript: no islands\n';
  const { budgets } = js;
  const lines = [`JavaScript (gzip): loader ${kb(js.loader)} (budget ${kb(budgets.loader)})`];
  const islands = Object.entries(js.islands).sort((a, b) => b[1] - a[1]);
  for (const [name, size] of islands) lines.push(`  island ${name.padEnd(16)} ${kb(size).padStart(9)}`);
  const pages = Object.entries(js.pages);
  const maxInitial = heaviest(pages, 'initial');
  const maxTotal = heaviest(pages, 'total');
  lines.push(`  heaviest first load: ${maxInitial[0]} ${kb(maxInitial[1].initial)}; heaviest total: ${maxTotal[0]} ${kb(maxTotal[1].total)} (budget ${kb(budgets.total)})`);
  // The first-load budget holds the pages of the content templates only.
  const content = pages.filter((p) => p[1].content);
  if (content.length) {
    const [url, cost] = heaviest(content, 'initial');
    lines.push(`  heaviest first load of a content page (${budgets.contentTemplates.join(', ')}): ${url} ${kb(cost.initial)} (budget ${kb(budgets.initialContentPage)})`);
  }
  return `${lines.join('\n')}\n`;
}
