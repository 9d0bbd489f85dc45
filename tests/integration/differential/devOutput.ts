/**
 * What `site dev` serves (started as a user starts it, `node bin/site.js dev`, without the backend) for
 * every file of a build's output, as an output of its own to compare with the build's. What dev serves
 * differently, by design, is taken out or left out here, and nothing else:
 * - each page's live-reload script (before </head>) and, on an entry's page, the editor's link (before
 *   </body>): removed;
 * - `_headers` and `_redirects`, files for the static host (dev applies them, as the host does, rather
 *   than serving them), and the output's marker `.site-build`: not asked for;
 * - a redirect's page (the HTML a host without `_redirects` serves): dev answers its path with the redirect
 *   itself, which is checked against `_redirects` instead.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_CLIENT_PATH } from '../../../generator/dev/devClient.ts';
import { parseRedirectsFile } from '../../../generator/dev/parseRedirectsFile.ts';
import { OUTPUT_MARKER } from '../../../generator/output/outputMarker.ts';
import type { Output } from './compareOutputs.ts';

const bin = fileURLToPath(new URL('../../../bin/site.js', import.meta.url));

const devClient = new RegExp(`<script type="module" src="${DEV_CLIENT_PATH.replace(/[.]/g, '\\.')}\\?v=\\d+"></script></head>`);
const editLink = /<link rel="stylesheet" href="\/__site\/editor\/[\w-]+\/link\.css"><aside class="site-editor-link" aria-label="Editor"><a href="\/__site\/editor\/[\w-]+\/#[^"]+">Edit this page<\/a><\/aside><\/body>/;

/** A page as a build writes it: dev's live-reload script and editor link taken out. */
export const withoutDevParts = (html: string): string => html.replace(devClient, '</head>').replace(editLink, '</body>');

/** The URL a static host serves an output page at ("index.html" -> "/", "blog/a.html" -> "/blog/a"). */
export const pageUrl = (file: string): string => `/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`;

export interface DevOutput {
  /** What dev served for each file of `expected` that it serves as a file (pages with their dev parts taken out). */
  served: Output;
  /** Files `expected` left to dev's own handling and what dev did instead. */
  left: string[];
  /** What dev answered otherwise than a static host serving the output: a redirect of `_redirects`, an unknown path. */
  problems: string[];
}

/** Starts `site dev` in `root`, asks it for every file of `expected` (a build's output), stops it. */
export async function devOutput(root: string, expected: Output): Promise<DevOutput> {
  const child = spawn(process.execPath, [bin, 'dev', '--port', '0', '--no-backend'], { cwd: root, env: { ...process.env, NO_COLOR: '1', SITE_SUPABASE_URL: '', SITE_SUPABASE_ANON_KEY: '' } });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const seen = (d: Buffer) => {
        out += d.toString();
        const ready = /^site dev ready in \d+ ms: (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
        if (ready) resolve(ready[1]!);
      };
      child.stdout.on('data', seen);
      child.stderr.on('data', seen);
      child.once('close', (code) => reject(new Error(`site dev ended (${code}) before it was ready:\n${out}`)));
    });
    const rules = parseRedirectsFile(expected.get('_redirects')?.toString('utf8') ?? '');
    const redirectPages = new Set([...rules.keys()].map((from) => `${from.slice(1)}.html`));
    const served: Output = new Map();
    const left: string[] = [];
    for (const file of [...expected.keys()].sort()) {
      if (file === '_headers' || file === '_redirects' || file === OUTPUT_MARKER || redirectPages.has(file)) {
        left.push(file);
        continue;
      }
      const res = await fetch(url + (file.endsWith('.html') ? pageUrl(file) : `/${file}`), { redirect: 'manual' });
      const body = Buffer.from(await res.arrayBuffer());
      served.set(file, res.status !== 200 ? Buffer.from(`dev answered ${res.status}`) : path.extname(file) === '.html' ? Buffer.from(withoutDevParts(body.toString('utf8'))) : body);
    }
    const problems: string[] = [];
    for (const [from, rule] of rules) {
      const res = await fetch(url + from, { redirect: 'manual' });
      if (res.status !== rule.status || res.headers.get('location') !== rule.to) problems.push(`${from}: dev answered ${res.status} ${res.headers.get('location')}, _redirects says ${rule.status} ${rule.to}`);
    }
    const missing = await fetch(`${url}/no-such-page/anywhere`);
    const notFound = withoutDevParts(await missing.text());
    if (missing.status !== 404 || notFound !== expected.get('404.html')?.toString('utf8')) problems.push(`an unknown path: dev answered ${missing.status} with other bytes than 404.html`);
    return { served, left, problems };
  } finally {
    child.kill('SIGINT');
    await closed;
  }
}
