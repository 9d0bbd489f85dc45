/**
 * `npm run bench:dev -- --scale [--pages 16000] [--rounds 2] [--edits 40] [--against DIR]`: `site dev` on a
 * big site. Copies content/ into a temporary folder, adds N generated articles (generateArticles.ts) and,
 * for this checkout (and DIR, another checkout of the engine, interleaved: the other first in odd rounds),
 * starts `site dev` twice in a process of its own: a first start (no build cache) and a warm start (the
 * cache the first one left). Each start prints the time until its `ready` line and until the home page is
 * served, then the edit-to-served p50/p95 of one article (written, then fetched until the new text shows).
 * No backend: the site alone is measured. `--pages 0` is this site's own pages. `BENCH_LATENCIES=1` also prints
 * each start's edit latencies, in order, and what dev logged.
 */
import { timeEdit } from './timeEdit.ts';
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuCheckMs } from './benchRuns.ts';
import { generateArticles } from './generateArticles.ts';

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : def;
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

interface StartFigures {
  readyMs: number;
  homeMs: number;
  p50: number;
  p95: number;
  rssMb: number;
}

/** One start of `site dev` from checkout `root` on `content`, in this process (the child's part). */
async function child(root: string, content: string, cacheDir: string, edits: number, article: string): Promise<StartFigures> {
  const { dev } = (await import(pathToFileURL(path.join(root, 'generator', 'dev', 'dev.ts')).href)) as typeof import('../generator/dev/dev.ts');
  // The worker's bundle is made untimed when the checkout has none (a first start of the engine, not of the site).
  const { workerBundle } = (await import(pathToFileURL(path.join(root, 'generator', 'dev', 'workerBundle.ts')).href)) as typeof import('../generator/dev/workerBundle.ts');
  const { generatorRoot } = (await import(pathToFileURL(path.join(root, 'generator', 'cache', 'sourceKey.ts')).href)) as typeof import('../generator/cache/sourceKey.ts');
  await (await workerBundle(generatorRoot, root, path.join(generatorRoot, 'generator', 'dev', 'siteWorker.ts'))).dispose();
  const port = await freePort();
  const t = performance.now();
  let readyMs = 0;
  const log = (line: string) => {
    if (line.includes('ready in')) readyMs = performance.now() - t;
    if (process.env.BENCH_LATENCIES) console.error(`[dev] ${line.slice(0, 300)}`);
  };
  const starting = dev({ root, port, content, cacheDir, backend: false, log });
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
    if (res?.status === 200) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  const homeMs = performance.now() - t;
  const server = await starting;
  const file = path.join(content, 'blog', article);
  const original = await readFile(file, 'utf8');
  const url = `${server.url}/blog/${article.replace(/\.md$/, '')}`;
  await (await fetch(url)).text();
  const latencies: number[] = [];
  for (let i = 0; i < edits; i++) latencies.push(await timeEdit(file, original, url, i, 20000));
  if (process.env.BENCH_LATENCIES) console.error(latencies.map((l) => l.toFixed(0)).join(' '));
  await writeFile(file, original);
  await server.settled();
  const rssMb = process.memoryUsage().rss / 1024 / 1024;
  await server.close();
  return { readyMs, homeMs, p50: pct(latencies, 50), p95: pct(latencies, 95), rssMb };
}

function runChild(root: string, content: string, cacheDir: string, edits: number, article: string): StartFigures {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.resolve('scripts/benchDevScale.ts'), '--child', root, '--content', content, '--cache', cacheDir, '--edits', String(edits), '--article', article],
    { encoding: 'utf8', maxBuffer: 1 << 24, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as StartFigures;
}

const loadAverage = () => os.loadavg().map((n) => n.toFixed(1)).join(' ');

async function main(): Promise<void> {
  const pages = Number(arg('pages', '16000'));
  const rounds = Number(arg('rounds', '2'));
  const edits = Number(arg('edits', '40'));
  const against = arg('against', '');
  const checkouts = [{ name: 'this', root: process.cwd() }, ...(against ? [{ name: path.basename(path.resolve(against)), root: path.resolve(against) }] : [])];
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'site-bench-dev-scale-'));
  try {
    const content = path.join(tmp, 'content');
    await cp('content', content, { recursive: true });
    await generateArticles(content, pages);
    const article = pages > 0 ? 'bench-00007.md' : 'ai-trust-presentations.md';
    console.log(`${pages} generated articles + the real site, ${os.cpus().length} cores, Node ${process.version}, ${edits} edits a start; CPU check ${Math.round(cpuCheckMs())} ms (a fixed loop: lower is a faster moment); load average ${loadAverage()}\n`);
    console.log('| checkout | round | start | ready | home page served | edit p50 | edit p95 | RSS | load average |\n|---|---|---|---|---|---|---|---|---|');
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 ? [...checkouts].reverse() : checkouts;
      for (const c of order) {
        const cacheDir = path.join(tmp, `cache-${c.name}-${round}`);
        for (const start of ['first', 'warm']) {
          const f = runChild(c.root, content, cacheDir, edits, article);
          console.log(`| ${c.name} | ${round} | ${start} | ${(f.readyMs / 1000).toFixed(2)} s | ${(f.homeMs / 1000).toFixed(2)} s | ${f.p50.toFixed(0)} ms | ${f.p95.toFixed(0)} ms | ${f.rssMb.toFixed(0)} MB | ${loadAverage()} |`);
        }
        await rm(cacheDir, { recursive: true, force: true });
      }
    }
    console.log(`\nCPU check after: ${Math.round(cpuCheckMs())} ms`);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

if (process.argv.includes('--child')) {
  const root = arg('child', '');
  const f = await child(root, arg('content', ''), arg('cache', ''), Number(arg('edits', '40')), arg('article', ''));
  console.log(JSON.stringify(f));
  process.exit(0);
} else {
  await main();
}
