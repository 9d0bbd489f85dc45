/**
 * `site dev` when its embedded backend cannot start: with the backend port
 * taken it prints PortInUse naming --backend-port (not an internal error),
 * pages answer 200 and the forms show their error toast; with the data dir
 * held by a running backend it prints DataDirInUse, and the forms use that
 * backend.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from '../../../generator/backend/startBackend.ts';
import { dev } from '../../../generator/dev/dev.ts';
import { launchBrowser } from '../harness.ts';

const root = path.resolve(import.meta.dirname, '../../..');
let browser: Browser;
let tmp: string;
let other: http.Server;
let takenPort: number;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-dev-backend-'));
  // Another program on the backend port: an HTTP server that is not a Supabase backend.
  other = http.createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('not a backend'));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  takenPort = (other.address() as AddressInfo).port;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => other?.close(resolve));
  await rm(tmp, { recursive: true, force: true });
});

/** Opens a page, with the CSP violations it reports. */
async function openPage(url: string): Promise<{ page: Page; csp: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
  const csp: string[] = [];
  await context.exposeBinding('__reportCsp', (_source, line: string) => void csp.push(line));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp(l: string): void }).__reportCsp(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const page = await context.newPage();
  page.setDefaultTimeout(45_000);
  await page.goto(url);
  return { page, csp };
}

async function sendContact(page: Page): Promise<void> {
  await page.locator('footer').getByRole('button', { name: 'Contact', exact: true }).click();
  await page.fill('#contact-name', 'Ada'); // the island wakes on the first interaction in the dialog
  await page.locator('[data-island="ContactForm"][data-hydrated]').first().waitFor({ state: 'attached' });
  await page.fill('#contact-email', 'ada@example.com');
  await page.fill('#contact-message', 'Hello from dev');
  await page.getByRole('button', { name: 'Send Message' }).click();
}

const toast = (page: Page) => page.locator('#toaster .toast').first();

describe('site dev without its backend', () => {
  it('`site dev --backend-port <taken>` prints PortInUse naming --backend-port and serves GET / with 200', { timeout: 180_000 }, async () => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'bin', 'site.js'), 'dev', '--port', '0', '--backend-port', String(takenPort), '--data-dir', path.join(tmp, 'cli-db')],
      { cwd: root },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      await expect.poll(() => output, { timeout: 150_000 }).toContain('The site is served without its own backend');
      expect(output).toContain('Port is already in use [PortInUse]');
      expect(output).toContain(`127.0.0.1:${takenPort} (--backend-port)`);
      expect(output).toContain(`--backend-port ${takenPort + 1}`);
      expect(output).not.toContain('[Internal]');
      expect(output).not.toContain('This is a bug');
      const url = /site dev ready in \d+ ms: (\S+)/.exec(output)![1];
      for (const p of ['/', '/pricing', '/auth']) expect((await fetch(url + p)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('with the backend port taken: pages 200, the contact form shows its error toast', { timeout: 180_000 }, async () => {
    const lines: string[] = [];
    const server = await dev({ root, port: 0, backendPort: takenPort, dataDir: path.join(tmp, 'port-db'), log: (l) => lines.push(l) });
    try {
      expect(server.backend).toBeNull();
      expect(lines.join('\n')).toContain('[PortInUse]');
      expect((await fetch(`${server.url}/`)).status).toBe(200);
      const { page, csp } = await openPage(`${server.url}/`);
      await sendContact(page);
      await expect.poll(() => toast(page).textContent(), { timeout: 30_000 }).toContain('Failed to send message');
      expect(await toast(page).getAttribute('class')).toContain('toast-destructive');
      // The request reached the taken port (CSP allows it): the failure is the backend's absence, not a blocked request.
      expect(csp).toEqual([]);
      await page.context().close();
    } finally {
      await server.close();
    }
  });

  it('with the data dir held by a running backend: prints DataDirInUse, pages 200, and the forms use that backend', { timeout: 180_000 }, async () => {
    const dataDir = path.join(tmp, 'held-db');
    const holder = await startBackend({ port: 0, dataDir, bcryptCost: 4 });
    const lines: string[] = [];
    try {
      const server = await dev({ root, port: 0, backendPort: takenPort, dataDir, log: (l) => lines.push(l) });
      try {
        const printed = lines.join('\n');
        expect(printed).toContain('(DataDirInUse)');
        expect(printed).toContain(`process ${process.pid}`);
        expect(printed).not.toContain('[Internal]');
        expect(printed).toContain(`forms use ${holder.apiUrl}`);
        expect((await fetch(`${server.url}/`)).status).toBe(200);
        const { page, csp } = await openPage(`${server.url}/`);
        await sendContact(page);
        await expect.poll(() => toast(page).textContent(), { timeout: 30_000 }).toContain('Message sent!');
        expect(csp).toEqual([]);
        const rows = await holder.db.query(`select 1 from public.contact_submissions where message = 'Hello from dev'`);
        expect(rows.rows).toHaveLength(1);
        await page.context().close();
      } finally {
        await server.close();
      }
    } finally {
      await holder.close();
    }
  });
});
