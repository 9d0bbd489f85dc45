// `site backend`, `site backend status --json` and `site dev` tell where the inbox is.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backendStatus, runBackend } from '../../../generator/backend/commands.ts';
import { dev } from '../../../generator/dev/dev.ts';
import { projectCopy } from '../../e2e/dev/projectCopy.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-inbox-url-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const inboxAnswers = async (url: string) => (await fetch(`${url}/api/v1/messages`)).status;

describe('site backend', () => {
  it('prints the inbox URL, and status reports it while running and config.toml\'s [inbucket] port when not', { timeout: 120_000 }, async () => {
    const lines: string[] = [];
    const stop = new AbortController();
    const running = runBackend({ port: 0, dataDir, log: (l) => lines.push(l), signal: stop.signal });
    try {
      await expect.poll(() => lines.join('\n'), { timeout: 90_000 }).toContain('Press Ctrl+C');
      const inboxUrl = /^ {2}Inbox +(http:\/\/127\.0\.0\.1:\d+) /m.exec(lines.join('\n'))?.[1];
      expect(inboxUrl, lines.join('\n')).toBeDefined();
      expect(await inboxAnswers(inboxUrl!)).toBe(200);
      expect((await backendStatus({ dataDir })).inboxUrl).toBe(inboxUrl);
    } finally {
      stop.abort();
      await running;
    }
    expect((await backendStatus({ dataDir })).inboxUrl).toBe('http://127.0.0.1:54324');
    const cli = spawnSync(process.execPath, ['bin/site.js', 'backend', 'status', '--json', '--data-dir', dataDir], { encoding: 'utf8', timeout: 60_000 });
    expect(cli.status, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ running: false, inboxUrl: 'http://127.0.0.1:54324' });
  });
});

describe('site dev', () => {
  it('prints the inbox URL of its backend', { timeout: 180_000 }, async () => {
    const project = await projectCopy();
    const lines: string[] = [];
    const server = await dev({ root: project.root, port: 0, backendPort: 0, dataDir: path.join(dataDir, 'dev'), log: (l) => lines.push(l) });
    try {
      await expect.poll(() => lines.join('\n'), { timeout: 120_000 }).toMatch(/^Inbox \(sign-up confirmations, sign-in links\): http:\/\/127\.0\.0\.1:\d+$/m);
      const inboxUrl = /^Inbox \(sign-up confirmations, sign-in links\): (\S+)$/m.exec(lines.join('\n'))![1];
      expect(await inboxAnswers(inboxUrl)).toBe(200);
      expect((await fetch(inboxUrl)).headers.get('content-type')).toBe('text/html; charset=utf-8');
    } finally {
      await server.close();
      await project.remove();
    }
  });
});
