/**
 * The engine and its initializer as a stranger gets them, for the tests that install them
 * (packInstall.test.ts, initializerInstall.test.ts): their tarballs, packed once
 * per run (madeOnce.ts), and commands run as a user types them, with the user's environment.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { madeOnce } from '../helpers/madeOnce.ts';
import { runCommand, type Run } from './runSite.ts';

export const repo = fileURLToPath(new URL('../..', import.meta.url));
export const BACKEND = { SITE_SUPABASE_URL: 'https://outside.supabase.example', SITE_SUPABASE_ANON_KEY: 'anon-key' };

/**
 * The environment of a command a user types: no npm script's variables, no NODE_ENV (the test's process
 * sets it: with `production`, npm would leave out a new site's devDependencies), no colours, no backend
 * unless given.
 */
const userEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(npm_package_|npm_lifecycle_|npm_config_local_prefix|INIT_CWD|VITEST|NODE_ENV$)/.test(k)));
  return { ...env, NO_COLOR: '1', SITE_SUPABASE_URL: '', SITE_SUPABASE_ANON_KEY: '', ...extra };
};

export const run = (cwd: string, command: string, args: string[], env?: Record<string, string>): Promise<Run> => runCommand(cwd, command, args, userEnv(env));

export const npx = (cwd: string, args: string[], env?: Record<string, string>) => run(cwd, 'npx', ['--no', 'site', ...args], env);

/**
 * A long-running `npx site ...` in its own process group (npx runs the CLI as its child): resolves with
 * its output once `ready` matches it, and a stop that ends the whole group.
 */
export async function serve(cwd: string, args: string[], ready: RegExp): Promise<{ match: RegExpExecArray; output: () => string; stop: () => Promise<void> }> {
  const child = spawn('npx', ['--no', 'site', ...args], { cwd, env: userEnv(), detached: true });
  let out = '';
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const seen = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) resolve(m);
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('exit', (code) => reject(new Error(`site ${args[0]} exited (${code}):\n${out}`)));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  return { match, output: () => out, stop };
}

/** `npm pack` of the engine (or, with `-w`, a workspace of it) into `into`. */
async function pack(into: string, ...workspace: string[]): Promise<void> {
  const packed = await run(repo, 'npm', ['pack', '--pack-destination', into, ...workspace]);
  expect(packed.code, packed.stderr).toBe(0);
}

export const engine = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { name: string; version: string; devDependencies: Record<string, string> };

/** The engine's tarball and the initializer's (`npm pack -w packages/create-skerry`), packed once per run. */
export async function tarballs(): Promise<{ engine: string; initializer: string }> {
  const dir = await madeOnce('packed', async (into) => {
    await Promise.all([pack(into), pack(into, '-w', 'packages/create-skerry')]);
  });
  const names = await readdir(dir);
  const find = (prefix: string) => path.join(dir, names.find((n) => n.startsWith(prefix) && n.endsWith('.tgz'))!);
  return { engine: find(`${engine.name}-`), initializer: find(`create-${engine.name}-`) };
}

/** The site in `dir` type-checks and builds as its own scripts say, without a word on stderr. */
export async function typecheckAndBuild(dir: string): Promise<void> {
  for (const script of ['typecheck', 'build']) {
    const done = await run(dir, 'npm', ['run', script]);
    expect(done.stderr, `npm run ${script}`).toBe('');
    expect(done.code, `npm run ${script}`).toBe(0);
  }
}
