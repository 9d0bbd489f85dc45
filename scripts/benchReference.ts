/**
 * `npm run bench -- --reference [--sizes 1000,4000,16000,64000] [--rounds 5] [--eleventy-max 16000]`: `site build` against Hugo 0.111
 * and Eleventy 3.1 building the same blog (scripts/referenceSites.ts), at each size. Each round runs, in
 * turn: our cold build, Hugo's, Eleventy's; our build with nothing changed and Hugo's second build of
 * the same project (Hugo keeps no rendered pages between builds: its "warm" build renders everything
 * again); our build after one article changed. So all of them meet the same moments of a VM whose speed
 * moves within minutes. It prints what each one wrote (files, pages, bytes, feed items, sitemap URLs),
 * the medians, and the goals' ratios, each marked met or not met.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchContent, cpuCheckMs, machineLine, medianOf, memoryCheckMs, numberArg, seconds, siteBuild, thousands, twoThreadCheck, twoThreadLine, type Measured, type Run } from './benchRuns.ts';
import { describeOutput, referenceShell, referenceTools, type OutputSummary } from './referenceSites.ts';
import { perPageLines } from './perPage.ts';

/** The goals, as ratios of ours to Hugo's, measured in one run on one machine. */
export const GOALS = {
  cold: new Map([
    [1000, 1.2],
    [4000, 0.8],
    [16000, 0.6],
  ]),
  warm: new Map([[4000, 0.1]]),
  rss: new Map([[16000, 0.5]]),
} as const;

interface SizeResult {
  size: number;
  rounds: number;
  ours: { cold: Measured; warm: Measured; one: Measured };
  /** By tool name: cold, and Hugo's second build. */
  theirs: { name: string; cold: Measured; second?: Measured }[];
  outputs: { name: string; summary: OutputSummary }[];
  missing: string[];
}

/** The real site's articles, by slug: the references hold them too, as ours does. */
async function realArticles(root: string): Promise<Map<string, string>> {
  const dir = path.join(root, 'content', 'blog');
  const out = new Map<string, string>();
  for (const f of (await readdir(dir)).filter((f) => f.endsWith('.md')).sort()) out.set(f.slice(0, -3), await readFile(path.join(dir, f), 'utf8'));
  return out;
}

async function measureSize(root: string, tmp: string, size: number, rounds: number): Promise<SizeResult> {
  const dir = path.join(tmp, `n${size}`);
  await mkdir(dir, { recursive: true });
  const content = await benchContent(root, dir, size);
  // Our bundles ready before anything is timed, and one built article page: the references' shared markup.
  await siteBuild(root, ['--content', content, '--out', path.join(dir, 'warmup'), '--cache-dir', path.join(dir, 'warmup-cache'), '--no-cache', '--no-social-images']);
  const shell = referenceShell(content, await readFile(path.join(dir, 'warmup', 'blog', 'bench-00000.html'), 'utf8'));
  const { tools, missing } = await referenceTools(root, path.join(dir, 'reference'), size, shell, await realArticles(root), numberArg('eleventy-max', 16000));
  // Every cold run gets an output and cache folder of its own: truly cold, and nothing is deleted
  // between runs (deleting thousands of files slows the next ones' file creation on ext4).
  const ours = (i: number) => ['--content', content, '--out', path.join(dir, `dist-${i}`), '--cache-dir', path.join(dir, `cache-${i}`), '--no-social-images'];
  const cold: Run[] = [];
  const warm: Run[] = [];
  const one: Run[] = [];
  const theirCold = tools.map(() => [] as Run[]);
  const theirSecond = tools.map(() => [] as Run[]);
  const outputs: SizeResult['outputs'] = [];
  const changed = path.join(content, 'blog', 'bench-00000.md');
  for (let i = 0; i < rounds; i++) {
    cold.push(await siteBuild(root, ours(i)));
    if (i === 0) outputs.push({ name: 'site build', summary: await describeOutput(path.join(dir, 'dist-0')) });
    for (const [t, tool] of tools.entries()) {
      theirCold[t]!.push({ ...(await tool.build(i)), pages: 0 });
      if (i === 0) outputs.push({ name: tool.name, summary: await describeOutput(tool.out(0)) });
    }
    warm.push(await siteBuild(root, ours(i)));
    for (const [t, tool] of tools.entries()) if (tool.name.startsWith('Hugo')) theirSecond[t]!.push({ ...(await tool.build(i)), pages: 0 });
    await writeFile(changed, `${await readFile(changed, 'utf8')}\nOne more sentence for the benchmark (${i}).\n`);
    one.push(await siteBuild(root, ours(i)));
  }
  return {
    size,
    rounds,
    ours: { cold: medianOf(cold), warm: medianOf(warm), one: medianOf(one) },
    theirs: tools.map((tool, t) => ({ name: tool.name, cold: medianOf(theirCold[t]!), ...(theirSecond[t]!.length ? { second: medianOf(theirSecond[t]!) } : {}) })),
    outputs,
    missing,
  };
}

const cell = (r: Measured | undefined) => (r ? `${seconds(r)}${r.range}, ${r.rssMb.toFixed(0)} MB` : '–');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function printSize(r: SizeResult): void {
  const hugo = r.theirs.find((t) => t.name.startsWith('Hugo'));
  const eleventy = r.theirs.find((t) => t.name.startsWith('Eleventy'));
  const names = r.theirs.map((t) => t.name);
  console.log(`\n### ${thousands(r.size)} generated articles (and the real site's), ${r.rounds} round${r.rounds > 1 ? 's' : ''}: medians (fastest–slowest), peak RSS\n`);
  console.log(`| build | site build | ${names.join(' | ')} |\n|---|---|${names.map(() => '---|').join('')}`);
  console.log(`| cold | ${cell(r.ours.cold)} | ${r.theirs.map((t) => cell(t.cold)).join(' | ')} |`);
  console.log(
    `| nothing changed (Hugo: its second build, which renders every page again: it keeps no rendered pages) | ${cell(r.ours.warm)}${r.ours.warm.upToDate ? ' (Up to date)' : ''} | ${r.theirs.map((t) => cell(t.second)).join(' | ')} |`,
  );
  console.log(`| one article changed | ${cell(r.ours.one)} | ${r.theirs.map(() => '–').join(' | ')} |`);
  console.log(`\nWhat each wrote (cold, first round):\n`);
  const cols = r.outputs.map((o) => o.name);
  console.log(`| output | ${cols.join(' | ')} |\n|---|${cols.map(() => '---|').join('')}`);
  const row = (label: string, f: (s: OutputSummary) => string) => console.log(`| ${label} | ${r.outputs.map((o) => f(o.summary)).join(' | ')} |`);
  row('files', (s) => thousands(s.files));
  row('total size', (s) => mb(s.bytes));
  row('HTML pages', (s) => thousands(s.html));
  row('article pages', (s) => thousands(s.articles));
  row('blog listing pages (/blog, /blog/page/N, /blog/category/…)', (s) => thousands(s.listings));
  row("other pages (the real site's home, pricing, legal, …)", (s) => thousands(s.otherPages));
  row('redirect pages', (s) => thousands(s.redirects));
  row('feed items (feed.xml)', (s) => thousands(s.feedItems));
  row('sitemap URLs', (s) => thousands(s.sitemapUrls));
  row('robots.txt', (s) => (s.robots ? 'yes' : 'no'));
  row('llms.txt links', (s) => thousands(s.llmsLinks));
  row('search index files', (s) => thousands(s.searchFiles));
  console.log(
    "\nThe references write the blog only: not the real site's other pages, nor the stylesheet, the widget bundle, images and `_headers` (their pages link ours), nor the search index (neither generator makes one without a search library of its own). Hugo 0.111 also writes a redirect page at /page/1 of each listing, which it cannot be told not to.",
  );
  if (hugo || eleventy) {
    const vs = (t: { name: string; cold: Measured } | undefined) => (t ? `${(r.ours.cold.ms / t.cold.ms).toFixed(2)}× ${t.name}'s time` : '');
    console.log(`\nCold, ours against theirs: ${[vs(hugo), vs(eleventy)].filter(Boolean).join(', ')}.`);
  }
  for (const m of r.missing) console.log(`\nNot measured: ${m}.`);
}

function printRatios(results: SizeResult[]): void {
  console.log('\n### Goals: ours against Hugo, in this run\n');
  console.log('| ratio | articles | site build | Hugo | ours / Hugo | goal | |\n|---|---|---|---|---|---|---|');
  const lines: [string, keyof typeof GOALS, (r: SizeResult) => [number, number, string, string] | undefined][] = [
    ['cold build, wall time', 'cold', (r) => {
      const h = r.theirs.find((t) => t.name.startsWith('Hugo'));
      return h && [r.ours.cold.ms, h.cold.ms, seconds(r.ours.cold), seconds(h.cold)];
    }],
    ["nothing changed: ours against Hugo's second build, wall time", 'warm', (r) => {
      const h = r.theirs.find((t) => t.name.startsWith('Hugo'))?.second;
      return h && [r.ours.warm.ms, h.ms, seconds(r.ours.warm), seconds(h)];
    }],
    ['cold build, peak RSS', 'rss', (r) => {
      const h = r.theirs.find((t) => t.name.startsWith('Hugo'));
      return h && [r.ours.cold.rssMb, h.cold.rssMb, `${r.ours.cold.rssMb.toFixed(0)} MB`, `${h.cold.rssMb.toFixed(0)} MB`];
    }],
  ];
  for (const [label, kind, pick] of lines) {
    const sizes = new Set([...results.map((r) => r.size), ...GOALS[kind].keys()]);
    for (const size of [...sizes].sort((a, b) => a - b)) {
      const goal = GOALS[kind].get(size);
      const r = results.find((x) => x.size === size);
      const v = r && pick(r);
      if (!v) {
        if (goal !== undefined) console.log(`| ${label} | ${thousands(size)} | – | – | – | ≤ ${goal}× | not measured${r ? ' (no Hugo)' : ` (add ${size} to --sizes)`} |`);
        continue;
      }
      const ratio = v[0] / v[1];
      const verdict = goal === undefined ? '' : ratio <= goal ? 'met' : 'not met';
      console.log(`| ${label} | ${thousands(size)} | ${v[2]} | ${v[3]} | ${ratio.toFixed(2)}× | ${goal === undefined ? '–' : `≤ ${goal}×`} | ${verdict} |`);
    }
  }
  console.log(
    "\nOurs: `site build` of the generated articles plus the real site (its pages, stylesheet, widget bundle and search index), peak RSS of its process tree (Node with its worker threads, and esbuild while it bundles the widgets; each process at its own peak, summed). Hugo: one process, its peak (the kernel's high-water mark).",
  );
}

export async function referenceBench(root: string, base: string, sizes: number[], rounds: number): Promise<void> {
  const cpu = cpuCheckMs();
  const memory = memoryCheckMs();
  const threads = await twoThreadCheck();
  const results: SizeResult[] = [];
  const tmp = base;
  for (const size of sizes) {
    const r = await measureSize(root, tmp, size, rounds);
    results.push(r);
    printSize(r);
  }
  console.log(`\n${os.availableParallelism()} cores, Node ${process.version}; ${machineLine(cpu, memory)}; ${twoThreadLine(threads)}`);
  console.log(['', '### `site build`, cold: time per page and peak RSS', '', ...perPageLines(results.map((r) => ({ size: r.size, cold: r.ours.cold })))].join('\n'));
  printRatios(results);
}
