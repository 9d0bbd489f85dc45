/**
 * `npm run bench [-- --pages 4000]`: the build at scale. Copies the real
 * content into a temporary folder, adds N generated articles, then runs
 * `site build` three times as separate processes: cold, warm with nothing
 * changed, and after changing one article. Prints wall time, pages per
 * second and peak RSS as a table. A measurement, not a test: it fails only
 * when a build fails.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateArticles } from './generateArticles.ts';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const count = arg('pages', 4000);
const root = process.cwd();

function siteBuild(content: string, out: string): Promise<{ ms: number; pages: number; rssMb: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      ['--import', path.join(root, 'scripts', 'reportRss.mjs'), path.join(root, 'bin', 'site.js'), 'build', '--content', content, '--out', out],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SITE_SUPABASE_URL: '', SITE_SUPABASE_ANON_KEY: '' } },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`site build exited ${code}:\n${output}`));
      const pages = Number(/Built (\d+) pages/.exec(output)?.[1] ?? 0);
      const rssMb = Number(/SITE_PEAK_RSS_KB=(\d+)/.exec(output)?.[1] ?? 0) / 1024;
      resolve({ ms, pages, rssMb });
    });
  });
}

const tmp = await mkdtemp(path.join(os.tmpdir(), 'site-bench-'));
try {
  const content = path.join(tmp, 'content');
  const out = path.join(tmp, 'dist');
  await cp(path.join(root, 'content'), content, { recursive: true });
  await generateArticles(content, count);
  // Make sure the generator's own bundle is ready, so the runs time the build alone.
  await siteBuild(path.join(root, 'content'), path.join(tmp, 'warmup'));

  const rows: [string, Awaited<ReturnType<typeof siteBuild>>][] = [];
  rows.push(['cold', await siteBuild(content, out)]);
  rows.push(['warm, nothing changed', await siteBuild(content, out)]);
  const one = path.join(content, 'blog', 'bench-00000.md');
  await writeFile(one, `${await readFile(one, 'utf8')}\nOne more sentence for the benchmark.\n`);
  rows.push(['one article changed', await siteBuild(content, out)]);

  console.log(`\n${count} generated articles + the real site\n`);
  console.log('| build | wall | pages/s | peak RSS |\n|---|---|---|---|');
  for (const [name, r] of rows) {
    console.log(`| ${name} | ${(r.ms / 1000).toFixed(2)} s | ${Math.round(r.pages / (r.ms / 1000))} | ${r.rssMb.toFixed(0)} MB |`);
  }
} finally {
  await rm(tmp, { recursive: true, force: true });
}
