/**
 * The same generated articles as projects of the two generators the build budgets were set against (Eleventy 3.1
 * and Hugo 0.111), each with a simple layout: a page per article (head with title and description, a
 * header, the article) and an index linking every article. `npm run bench -- --reference` builds them
 * beside `site build`, turn by turn, so the budgets' figures (Hugo 1.8 s, Eleventy 3.9 s on its machine)
 * can be set against this machine's: a VM's speed moves by half between machines and within minutes.
 *
 * Pure apart from writing files. Eleventy is installed on demand (npm, exact version) into
 * .site/bench-reference; Hugo is Debian's (`apt-get install hugo`), found on PATH.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateArticle } from './generateArticles.ts';

export const ELEVENTY_VERSION = '3.1.8';
/** What the two generators took on the 2-core machine the budgets were set on, for 4,000 articles. */
export const BUDGET_FIGURES = { hugo: 1.8, eleventy: 3.9 } as const;

const slug = (i: number) => `bench-${String(i).padStart(5, '0')}`;

/** Files of an Eleventy project (path relative to its folder → text). */
export function eleventyProject(count: number): Map<string, string> {
  const files = new Map<string, string>();
  files.set('eleventy.config.mjs', 'export default function () {}\n');
  files.set('blog/blog.11tydata.json', JSON.stringify({ layout: 'post.njk', tags: ['post'], permalink: '/blog/{{ page.fileSlug }}/' }));
  files.set(
    '_includes/post.njk',
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }}</title><meta name="description" content="{{ description }}"><link rel="stylesheet" href="/style.css"></head>
<body><header><a href="/">Home</a> <a href="/blog/">Blog</a></header>
<main><article><h1>{{ title }}</h1><p>{{ author }} · {{ date }} · {{ readTime }}</p>{{ content | safe }}</article></main></body></html>
`,
  );
  files.set(
    'index.njk',
    `---
permalink: /blog/index.html
---
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Blog</title></head>
<body><main><h1>Blog</h1><ul>{% for post in collections.post %}<li><a href="{{ post.url }}">{{ post.data.title }}</a> {{ post.data.description }}</li>{% endfor %}</ul></main></body></html>
`,
  );
  for (let i = 0; i < count; i++) files.set(`blog/${slug(i)}.md`, generateArticle(i));
  return files;
}

/** Files of a Hugo project (path relative to its folder → text). */
export function hugoProject(count: number): Map<string, string> {
  const files = new Map<string, string>();
  files.set('hugo.toml', 'baseURL = "https://example.com/"\nlanguageCode = "en"\ntitle = "Bench"\n');
  files.set(
    'layouts/_default/single.html',
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }}</title><meta name="description" content="{{ .Description }}"><link rel="stylesheet" href="/style.css"></head>
<body><header><a href="/">Home</a> <a href="/blog/">Blog</a></header>
<main><article><h1>{{ .Title }}</h1><p>{{ .Params.author }} · {{ .Date.Format "2006-01-02" }} · {{ .Params.readTime }}</p>{{ .Content }}</article></main></body></html>
`,
  );
  const list = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><main><h1>{{ .Title }}</h1><ul>{{ range .Site.RegularPages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Description }}</li>{{ end }}</ul></main></body></html>
`;
  files.set('layouts/_default/list.html', list);
  files.set('layouts/index.html', list);
  for (let i = 0; i < count; i++) files.set(`content/blog/${slug(i)}.md`, generateArticle(i));
  return files;
}

export async function writeProject(dir: string, files: Map<string, string>): Promise<void> {
  const entries = [...files];
  for (let i = 0; i < entries.length; i += 200) {
    await Promise.all(
      entries.slice(i, i + 200).map(async ([rel, text]) => {
        const file = path.join(dir, rel);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, text);
      }),
    );
  }
}

/** Eleventy's command-line entry, installed into `<root>/.site/bench-reference` the first time. */
export function eleventyCli(root: string): string {
  const dir = path.join(root, '.site', 'bench-reference');
  const cli = path.join(dir, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
  if (!existsSync(cli)) {
    console.error(`Installing @11ty/eleventy@${ELEVENTY_VERSION} into ${dir} for the reference builds...`);
    execFileSync('npm', ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `@11ty/eleventy@${ELEVENTY_VERSION}`], { stdio: 'inherit' });
  }
  return cli;
}

/** Hugo's binary on PATH, with its version line, if it is installed. */
export function hugoBinary(): { bin: string; version: string } | undefined {
  try {
    const version = execFileSync('hugo', ['version'], { encoding: 'utf8' }).trim();
    return { bin: 'hugo', version };
  } catch {
    return undefined;
  }
}

export interface ChildRun {
  ms: number;
  rssMb: number;
}

/**
 * Wall time and peak RSS of a command (the kernel's VmHWM, read every 10 ms while it runs: the
 * high-water mark only grows, so the last reading before exit is the peak). After `sync`, as the
 * bench's own builds.
 */
export function timeChild(cmd: string, args: string[], cwd: string): Promise<ChildRun> {
  spawnSync('sync');
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    let hwmKb = 0;
    child.stderr.on('data', (d: Buffer) => (err += d));
    const poll = setInterval(() => {
      try {
        hwmKb = Math.max(hwmKb, Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0));
      } catch {
        /* exited between two readings */
      }
    }, 10);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      if (code !== 0) return reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${err}`));
      resolve({ ms: performance.now() - started, rssMb: hwmKb / 1024 });
    });
  });
}

export interface ReferenceTool {
  name: string;
  /** The figure the budgets were set with for this tool, for the table. */
  budget: string;
  budgetSeconds: number;
  /** Run i: a cold build into an output folder of its own. */
  build(i: number): Promise<ChildRun>;
}

/** Writes both projects under `dir` and returns the tools that can build them here; one that is not there (no Hugo on PATH, no registry for Eleventy) is named in `missing`. */
export async function referenceTools(root: string, dir: string, count: number): Promise<{ tools: ReferenceTool[]; missing: string[] }> {
  const tools: ReferenceTool[] = [];
  const missing: string[] = [];
  let eleventy: string | undefined;
  try {
    eleventy = eleventyCli(root);
  } catch (e) {
    missing.push(`Eleventy (could not install @11ty/eleventy@${ELEVENTY_VERSION}: ${(e as Error).message.split('\n')[0]})`);
  }
  if (eleventy) {
    const cli = eleventy;
    const eleventyDir = path.join(dir, 'eleventy');
    await writeProject(eleventyDir, eleventyProject(count));
    tools.push({
      name: `Eleventy ${ELEVENTY_VERSION}`,
      budget: `budgets: ${BUDGET_FIGURES.eleventy} s, 275 MB`,
      budgetSeconds: BUDGET_FIGURES.eleventy,
      build: (i) => timeChild(process.execPath, [cli, '--quiet', `--output=${path.join(dir, `eleventy-out-${i}`)}`], eleventyDir),
    });
  }
  const hugo = hugoBinary();
  if (hugo) {
    const hugoDir = path.join(dir, 'hugo');
    await writeProject(hugoDir, hugoProject(count));
    tools.push({
      name: `Hugo ${/v(\d+\.\d+\.\d+)/.exec(hugo.version)?.[1] ?? ''}`.trim(),
      budget: `budgets (0.111): ${BUDGET_FIGURES.hugo} s`,
      budgetSeconds: BUDGET_FIGURES.hugo,
      build: (i) => timeChild(hugo.bin, ['--quiet', '--destination', path.join(dir, `hugo-out-${i}`), '--cacheDir', path.join(dir, `hugo-cache-${i}`)], hugoDir),
    });
  } else missing.push('Hugo (not on PATH: apt-get install hugo)');
  return { tools, missing };
}
