// The data dir holds personal data and password hashes: it is 0700, every
// folder in it 0700 and every file 0600, after a fresh start with writes,
// while `site backend` runs, after close, and once an older, open data dir
// has been opened again. The cached template database is 0600 too.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { migratedTemplateFile } from '../../../generator/backend/migratedTemplate.ts';
import { startBackend } from '../../../generator/backend/startBackend.ts';
import { clientFor, signedInClient } from './testClients.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-backend-modes-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Every entry under dir (dir included) whose mode is not 0700 (folders) or 0600 (files), as "mode path". */
function looseModes(dir: string): string[] {
  const loose: string[] = [];
  const walk = (p: string) => {
    const s = lstatSync(p);
    const mode = s.mode & 0o777;
    if (s.isDirectory()) {
      if (mode !== 0o700) loose.push(`${mode.toString(8)} ${p}`);
      for (const name of readdirSync(p)) walk(path.join(p, name));
    } else if (mode !== 0o600) loose.push(`${mode.toString(8)} ${p}`);
  };
  walk(dir);
  return loose;
}

function countEntries(dir: string): number {
  return readdirSync(dir, { recursive: true }).length;
}

describe('data dir modes', () => {
  it('writes the cached template database 0600, and makes an older cached one 0600', { timeout: 120_000 }, async () => {
    const supabaseDir = path.join(root, 'supabase');
    const file = migratedTemplateFile(supabaseDir);
    if (existsSync(file)) chmodSync(file, 0o644);
    // Imported afresh: the template is read once per process, and another file may have read it already.
    vi.resetModules();
    const { migratedTemplate } = await import('../../../generator/backend/migratedTemplate.ts');
    await migratedTemplate(supabaseDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('a fresh data dir with sign-ups and rows is 0700/0600 while running and after close', { timeout: 120_000 }, async () => {
    const dataDir = path.join(freshDir(), 'nested', 'db');
    const backend = await startBackend({ port: 0, dataDir, bcryptCost: 4, enableConfirmations: false });
    await signedInClient(backend);
    await clientFor(backend).from('contact_submissions').insert({ name: 'Ada', email: 'ada@example.com', company: null, message: 'Private' });
    await clientFor(backend).from('waitlist').insert({ name: 'Ada', email: 'ada@example.com', favorite_part: 'Themes', desired_features: 'Charts' });
    expect(countEntries(dataDir)).toBeGreaterThan(1000);
    expect(looseModes(dataDir)).toEqual([]);
    expect(statSync(path.dirname(dataDir)).mode & 0o777).toBe(0o700);
    await backend.close();
    expect(looseModes(dataDir)).toEqual([]);
  });

  it('tightens a data dir an older version left open (files 0666, folders 0777) when it opens', { timeout: 120_000 }, async () => {
    const dataDir = freshDir();
    await (await startBackend({ port: 0, dataDir, bcryptCost: 4 })).close();
    const loosen = (p: string) => {
      const s = lstatSync(p);
      chmodSync(p, s.isDirectory() ? 0o777 : 0o666);
      if (s.isDirectory()) for (const name of readdirSync(p)) loosen(path.join(p, name));
    };
    loosen(dataDir);
    expect(looseModes(dataDir).length).toBeGreaterThan(1000);
    const backend = await startBackend({ port: 0, dataDir });
    expect(looseModes(dataDir)).toEqual([]);
    await backend.close();
  });

  it('`site backend` keeps every file it writes while running 0600', { timeout: 120_000 }, async () => {
    const dataDir = freshDir();
    const child = spawn(process.execPath, [path.join(root, 'bin', 'site.js'), 'backend', '--data-dir', dataDir, '--port', '0'], { cwd: root });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      await expect.poll(() => output, { timeout: 90_000 }).toContain('Press Ctrl+C');
      const url = /API URL\s+(\S+)/.exec(output)![1];
      const key = /anon key\s+(\S+)/.exec(output)![1];
      const signUp = await fetch(`${url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'private@example.com', password: 'correct horse' }),
      });
      expect(signUp.status).toBe(200);
      expect(looseModes(dataDir)).toEqual([]);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    expect(output).toContain('Backend stopped.');
    expect(looseModes(dataDir)).toEqual([]);
  });

});
