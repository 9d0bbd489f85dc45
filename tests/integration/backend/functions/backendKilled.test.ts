// `site backend` as a user runs it, with edge functions running under Deno:
// killed with SIGKILL (no clean-up of its own runs), it leaves no function
// process (nor its temporary folder) behind, and no function could read its
// data dir's secret; the next start removes the temporary folders it left.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DENO, denoProcesses as denoProcessesNaming, readCmdline } from './denoProcesses.ts';

const root = path.resolve('.');

describe.skipIf(!DENO || process.platform !== 'linux')('function processes of a killed backend', () => {
  const project = mkdtempSync(path.join(os.tmpdir(), 'site-backend-killed-'));
  afterAll(() => {
    for (const pid of denoProcessesNaming(project)) process.kill(pid, 'SIGKILL');
    rmSync(project, { recursive: true, force: true });
  });

  it('kill -9 of `site backend` leaves no Deno process of its functions, and none could read the data dir secret', { timeout: 180_000 }, async () => {
    const supabaseDir = path.join(project, 'supabase');
    mkdirSync(supabaseDir);
    symlinkSync(path.resolve('supabase/migrations'), path.join(supabaseDir, 'migrations'));
    writeFileSync(path.join(supabaseDir, 'config.toml'), '[api]\nport = 54321\n');
    const secretFile = path.join(project, '.site', 'db', 'secret.json');
    const functions: Record<string, string> = {
      hold: `Deno.serve(() => Response.json({ pid: Deno.pid, tmp: Deno.env.get('TMPDIR') }));`,
      other: `Deno.serve(() => Response.json({ pid: Deno.pid, tmp: Deno.env.get('TMPDIR') }));`,
      // Answers, then spins: no timer of its own runs again.
      spin: `Deno.serve(() => { setTimeout(() => { for (;;); }, 50); return Response.json({ pid: Deno.pid, tmp: Deno.env.get('TMPDIR') }); });`,
      peek: `Deno.serve(async () => new Response(await Deno.readTextFile(new URL(${JSON.stringify(pathToFileURL(secretFile).href)}))));`,
    };
    for (const [name, code] of Object.entries(functions)) {
      mkdirSync(path.join(supabaseDir, 'functions', name), { recursive: true });
      writeFileSync(path.join(supabaseDir, 'functions', name, 'index.ts'), code);
    }

    const started = await startBackendIn(project);
    const { backend, call } = started;
    try {
      const pids: number[] = [];
      const tmpDirs: string[] = [];
      const callAndNote = async (name: string) => {
        const response = await call(name);
        expect(response.status).toBe(200);
        const { pid, tmp } = await response.json();
        pids.push(pid);
        tmpDirs.push(tmp);
        expect(existsSync(tmp)).toBe(true);
      };
      for (const name of ['hold', 'other']) await callAndNote(name);
      const secret = readFileSync(secretFile, 'utf8');
      const peek = await call('peek');
      const answer = await peek.text();
      expect(peek.status).toBe(500);
      expect(answer).toBe('Internal Server Error');
      expect(answer).not.toContain(JSON.parse(secret).jwtSecret);
      // Deno's error reaches the backend's log on its own pipe, maybe after the answer.
      for (let tries = 0; !started.output().includes('Requires read access') && tries < 100; tries += 1) await new Promise((r) => setTimeout(r, 50));
      expect(started.output()).toContain('Requires read access');
      // The spinning one last, just before the kill: it keeps a core busy from its answer on.
      await callAndNote('spin');
      expect(denoProcessesNaming(project).length).toBe(4);

      backend.kill('SIGKILL');
      await started.exited;
      let left = denoProcessesNaming(project);
      for (let tries = 0; left.length && tries < 100; tries += 1) {
        await new Promise((r) => setTimeout(r, 100));
        left = denoProcessesNaming(project);
      }
      console.log(`Deno processes left after kill -9 of the backend: ${left.length}`);
      expect(left).toEqual([]);
      // Gone, or a zombie its new parent has yet to reap (a zombie has no command line).
      for (const pid of pids) expect(readCmdline(pid)).toBe('');

      // The next backend's first function removes the temporary folders the killed one left.
      const next = await startBackendIn(project);
      try {
        expect((await next.call('hold')).status).toBe(200);
        for (const tmp of tmpDirs) expect(existsSync(tmp), tmp).toBe(false);
      } finally {
        next.backend.kill('SIGTERM');
        await next.exited;
      }
      expect(denoProcessesNaming(project)).toEqual([]);
    } finally {
      if (backend.exitCode === null) backend.kill('SIGKILL');
    }
  });
});

/** `site backend` started in `project` as a user starts it, once it says it is ready. */
async function startBackendIn(project: string) {
  const backend = spawn(process.execPath, [path.join(root, 'bin', 'site.js'), 'backend', '--port', '0'], { cwd: project, env: { ...process.env, NO_COLOR: '1' } });
  let output = '';
  backend.stdout.on('data', (d: Buffer) => (output += d.toString()));
  backend.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => backend.on('exit', () => resolve()));
  for (let tries = 0; !output.includes('Press Ctrl+C') && backend.exitCode === null && tries < 2400; tries += 1) await new Promise((r) => setTimeout(r, 50));
  expect(output).toContain('Press Ctrl+C');
  const apiUrl = /API URL\s+(\S+)/.exec(output)![1];
  const anonKey = /anon key\s+(\S+)/.exec(output)![1];
  const call = (name: string) => fetch(`${apiUrl}/functions/v1/${name}`, { method: 'POST', headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` } });
  return { backend, exited, call, output: () => output };
}
