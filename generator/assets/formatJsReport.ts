/** The build's JavaScript size table: loader, each island, and the heaviest pages against their budgets; one line for a site without islands. Pure. */
import type { JsReport } from './checkBudgets.ts';
import { budgets } from './jsBudget.ts';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export function formatJsReport(js: JsReport): string {
  // A site without widgets ships no script at all.
  if (js.loader === 0 && Object.keys(js.islands).length === 0) return 'JavaScript: no islands\n';
  const lines = [`JavaScript (gzip): loader ${kb(js.loader)} (budget ${kb(budgets.loader)})`];
  const islands = Object.entries(js.islands).sort((a, b) => b[1] - a[1]);
  for (const [name, size] of islands) lines.push(`  island ${name.padEnd(16)} ${kb(size).padStart(9)}`);
  const pages = Object.entries(js.pages);
  const maxInitial = pages.reduce((m, p) => (p[1].initial > m[1].initial ? p : m), pages[0]!);
  const maxTotal = pages.reduce((m, p) => (p[1].total > m[1].total ? p : m), pages[0]!);
  lines.push(`  heaviest first load: ${maxInitial[0]} ${kb(maxInitial[1].initial)}; heaviest total: ${maxTotal[0]} ${kb(maxTotal[1].total)} (budget ${kb(budgets.total)})`);
  return `${lines.join('\n')}\n`;
}
