/**
 * `site dev` as a user starts it, in a fresh copy of the project (sources
 * and bin/ copied, node_modules linked, no .site/cache): the first start says
 * that it bundles the generator and the templates before it reports ready;
 * a second start finds both bundles cached and says nothing of the kind.
 * Without the embedded backend (--no-backend): what is bundled does not
 * depend on it, and opening its database would be most of each start.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('../..', import.meta.url));
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-dev-start-'));
  await Promise.all(
    ['bin', 'site.config.ts', 'content', 'templates', 'widgets', 'generator', 'supabase', 'package.json', 'tsconfig.json'].map((p) =>
      cp(path.join(here, p), path.join(root, p), { recursive: true }),
    ),
  );
  await symlink(path.join(here, 'node_modules'), path.join(root, 'node_modules'), 'dir');
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** Starts `site dev` on free ports, returns what it printed up to and including the ready line, then stops it. */
function startUntilReady(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bin/site.js', 'dev', '--port', '0', '--no-backend'], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let out = '';
    let upToReady: string | null = null;
    const onData = (d: Buffer) => {
      out += d.toString();
      const ready = upToReady === null && /^site dev ready in \d+ ms: http:\/\/127\.0\.0\.1:\d+$/m.exec(out);
      if (ready) {
        upToReady = out.slice(0, ready.index + ready[0].length);
        child.kill('SIGINT');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    // Resolves once the process has ended, so the next start finds nothing of it running.
    child.on('close', (code) => (upToReady === null ? reject(new Error(`site dev ended (${code}) before it was ready:\n${out}`)) : resolve(upToReady)));
  });
}

describe('site dev start', () => {
  it('says what its first start bundles, and a later start bundles nothing', async () => {
    const first = await startUntilReady();
    const lines = first.split('\n');
    const generator = lines.findIndex((l) => l.startsWith('Bundling the generator (first start'));
    const templates = lines.findIndex((l) => l.startsWith('Bundling the templates for the render worker (first start'));
    const ready = lines.findIndex((l) => l.startsWith('site dev ready'));
    expect(generator, first).toBeGreaterThanOrEqual(0);
    expect(templates, first).toBeGreaterThan(generator);
    expect(ready, first).toBeGreaterThan(templates);

    const later = await startUntilReady();
    expect(later).not.toMatch(/Bundling/);
    expect(later).toMatch(/^site dev ready in \d+ ms/m);
  }, 180_000);
});
