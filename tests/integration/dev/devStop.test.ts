/**
 * `npx site dev` stopped by the PID npx has (kill <pid>, a process manager's stop): npm passes the SIGTERM
 * to the shell it runs the command in, which exits without passing it on, and the server must stop too
 * rather than go on serving. A site in a temporary folder whose node_modules/.bin/site is this engine's.
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../..', import.meta.url));

let tmp: string;
let root: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-dev-stop-'));
  root = path.join(tmp, 'site');
  const fixture = path.join(repo, 'tests/fixtures/docs-site');
  await Promise.all(['site.config.ts', 'content', 'templates'].map((p) => cp(path.join(fixture, p), path.join(root, p), { recursive: true })));
  await writeFile(path.join(root, 'package.json'), '{ "name": "docs", "private": true, "type": "module" }\n');
  // The engine's packages, and its command as npm links an installed package's bin.
  await mkdir(path.join(root, 'node_modules', '.bin'), { recursive: true });
  for (const name of await readdir(path.join(repo, 'node_modules'))) {
    if (name !== '.bin') await symlink(path.join(repo, 'node_modules', name), path.join(root, 'node_modules', name), 'dir');
  }
  await symlink(path.join(repo, 'bin', 'site.js'), path.join(root, 'node_modules', '.bin', 'site'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** Whether something still accepts connections at `url`. */
const answers = (url: string) => fetch(url, { signal: AbortSignal.timeout(5000) }).then(() => true, () => false);

describe('npx site dev, stopped by the PID of npx', () => {
  it('closes the server', async () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(npm_|INIT_CWD|VITEST)/.test(k)));
    const npx = spawn('npx', ['--no', 'site', 'dev', '--port', '0', '--no-backend'], { cwd: root, env: { ...env, NO_COLOR: '1' }, detached: true });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const seen = (d: Buffer) => {
          out += d.toString();
          const ready = /site dev ready in \d+ ms: (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (ready) resolve(ready[1]!);
        };
        npx.stdout.on('data', seen);
        npx.stderr.on('data', seen);
        npx.on('exit', (code) => reject(new Error(`npx site dev exited (${code}):\n${out}`)));
      });
      expect(await answers(url)).toBe(true);
      process.kill(npx.pid!, 'SIGTERM');
      let open = true;
      for (let i = 0; i < 60 && open; i++) {
        await new Promise((r) => setTimeout(r, 500));
        open = await answers(url);
      }
      expect(open).toBe(false);
    } finally {
      // Whatever is left of the group (npm, its shell, the server) on failure.
      try {
        process.kill(-npx.pid!, 'SIGKILL');
      } catch {}
    }
  });
});
