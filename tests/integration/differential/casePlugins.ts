/**
 * Two plugins a case puts into its site's templates/plugins/ (so that the build's key covers them):
 * - threadProbe, in every case: records which thread rendered each page into the file SITE_DIFF_PROBE
 *   names (its jsonLd hook runs once per page, on the thread that renders it, and adds nothing), so the
 *   test can tell that worker threads really rendered pages.
 * - pageList, in some seeded cases: a plugin's extra file (`pages.txt`, every route's path and title).
 */
import type { Change } from './changes.ts';

const THREAD_PROBE = `/** Records the thread that renders each page into the file SITE_DIFF_PROBE names; adds nothing to a page. */
import { appendFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { definePlugin } from 'skerry';

export const threadProbe = () =>
  definePlugin({
    name: 'thread-probe',
    jsonLd: (route) => {
      if (process.env.SITE_DIFF_PROBE) appendFileSync(process.env.SITE_DIFF_PROBE, \`\${threadId} \${route.path}\\n\`);
      return [];
    },
  });
`;

const PAGE_LIST = `/** pages.txt: every route's path and title. */
import { definePlugin } from 'skerry';

export const pageList = () =>
  definePlugin({
    name: 'page-list',
    files: (routes) => ({ 'pages.txt': routes.map((r) => \`\${r.path} \${r.title}\`).join('\\n') + '\\n' }),
  });
`;

/** The probe, in every case. */
export const threadProbe: Change[] = [
  { kind: 'write', file: 'templates/plugins/threadProbe.ts', text: THREAD_PROBE },
  { kind: 'config', imports: ["import { threadProbe } from './templates/plugins/threadProbe.ts';"], plugins: ['threadProbe()'], fields: [] },
];

/** The extra file's plugin. */
export const pageList: Change[] = [
  { kind: 'write', file: 'templates/plugins/pageList.ts', text: PAGE_LIST },
  { kind: 'config', imports: ["import { pageList } from './templates/plugins/pageList.ts';"], plugins: ['pageList()'], fields: [] },
];

/** A redirect in the config, from a path no page has to `to`. */
export const configRedirect = (from: string, to: string): Change => ({ kind: 'config', imports: [], plugins: [], fields: [`redirects: { '${from}': '${to}' }`] });

/** The pages each thread rendered, from the probe's file: thread id (0: the main thread) -> paths. */
export function threadsOf(probe: string): Map<number, string[]> {
  const threads = new Map<number, string[]>();
  for (const line of probe.split('\n').filter(Boolean)) {
    const [id, page] = line.split(' ') as [string, string];
    threads.set(Number(id), [...(threads.get(Number(id)) ?? []), page]);
  }
  return threads;
}
