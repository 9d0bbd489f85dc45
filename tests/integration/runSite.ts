/** The CLI as a user runs it (`node bin/site.js` in a child process), and a fingerprint of a folder's files. */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../../bin/site.js', import.meta.url));

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `site ...args` with `cwd` as the working folder, no colours and no backend URL from the environment. */
export function runSite(cwd: string, ...args: string[]): Promise<Run> {
  return runSiteWithEnv(cwd, { SITE_SUPABASE_URL: '', SITE_SUPABASE_ANON_KEY: '' }, ...args);
}

/** `site ...args` with `cwd` as the working folder, no colours, and `env` over the process's environment. */
export function runSiteWithEnv(cwd: string, env: Record<string, string>, ...args: string[]): Promise<Run> {
  return runCommand(cwd, process.execPath, [bin, ...args], { ...process.env, NO_COLOR: '1', ...env });
}

/** Any command in `cwd` with exactly the environment `env`: its exit code and what it printed. */
export function runCommand(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** sha256 of every file under dir, keyed by relative path. */
export async function hashTree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    out[path.relative(dir, full)] = createHash('sha256').update(await readFile(full)).digest('hex');
  }
  return out;
}
