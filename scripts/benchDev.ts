/**
 * `npm run bench:dev [-- --edits 200]`: measures `site dev` as an author feels it.
 *  1. start: time until the home page is served (backend booting in parallel, fresh data dir)
 *  2. edit-to-served: write an article, wait until the served HTML has the new text; p50/p95
 *  3. memory: RSS and heap before and after all edits (flat = no leaked module graphs)
 * Works on a temporary copy of content/, so the real content is never touched. `--scale`: benchDevScale.ts.
 * `--first-start`: nothing cached in the OS temp folder for the backend, as on a newcomer's machine.
 */
import { timeEdit } from './timeEdit.ts';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { dev } from '../generator/dev/dev.ts';

// `--scale`: first and warm starts and edits on N generated articles (benchDevScale.ts).
if (process.argv.includes('--scale')) {
  await import('./benchDevScale.ts');
  process.exit(0);
}

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const edits = arg('edits', 500);
const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

const tmp = await mkdtemp(path.join(os.tmpdir(), 'site-bench-dev-'));
// `--first-start`: a newcomer's machine, with no migrated template or backend base in the OS temp folder
// (a new one for this run; this process's TypeScript loader keeps its own).
if (process.argv.includes('--first-start')) process.env.TMPDIR = await mkdtemp(path.join(tmp, 'os-tmp-'));
const content = path.join(tmp, 'content');
await cp('content', content, { recursive: true });

// 1. Start-up until the home page is served; the backend boots in parallel (fresh data dir).
const port = await freePort();
let t = performance.now();
const starting = dev({ port, backendPort: 0, dataDir: path.join(tmp, 'db'), content, log: () => {} });
for (;;) {
  const res = await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
  if (res?.status === 200) break;
  await new Promise((r) => setTimeout(r, 5));
}
const startMs = performance.now() - t;
const server = await starting;
const backendMs = performance.now() - t;

// 2. Edit-to-served latency on one article.
const file = path.join(content, 'blog', 'ai-trust-presentations.md');
const original = await readFile(file, 'utf8');
const url = `${server.url}/blog/ai-trust-presentations`;
const latencies: number[] = [];
global.gc?.();
const before = process.memoryUsage();
for (let i = 0; i < edits; i++) latencies.push(await timeEdit(file, original, url, i, 5000));
global.gc?.();
const after = process.memoryUsage();
await server.close();
await rm(tmp, { recursive: true, force: true });

const rows = [
  ['home page served after start', `${startMs.toFixed(0)} ms`, '≤ 2000 ms'],
  ['backend ready (fresh data dir, in parallel)', `${backendMs.toFixed(0)} ms`, ''],
  [`edit-to-served p50 (${edits} edits)`, `${pct(latencies, 50).toFixed(1)} ms`, '≤ 100 ms'],
  [`edit-to-served p95 (${edits} edits)`, `${pct(latencies, 95).toFixed(1)} ms`, '≤ 250 ms'],
  ['RSS before / after edits', `${mb(before.rss)} / ${mb(after.rss)}`, 'flat'],
  ['heap used before / after edits', `${mb(before.heapUsed)} / ${mb(after.heapUsed)}`, 'flat'],
];
console.log('\n| measure | value | budget |\n|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
