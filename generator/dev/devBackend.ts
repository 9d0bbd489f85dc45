/**
 * The embedded backend of `site dev`, booting in parallel with the site. The widget bundle bakes in the
 * backend's URL and publishable key (as a build's does), and pages name the bundle's hashed files: so what the
 * widgets talk to is worked out before the backend is up, from its port (a free one picked now when 0 was
 * asked for) and the data dir's keys, or the backend that already serves the data dir.
 */
import net from 'node:net';
import path from 'node:path';
import type { BackendSettings } from '../config.ts';
import type { RunningBackend } from '../backend/startBackend.ts';

export interface DevBackend {
  /** What the widgets talk to while the backend boots: null without a backend (backend: false). */
  expected: Promise<BackendSettings | null>;
  /** The backend once it serves, null with backend: false; rejects when it could not start. */
  running: Promise<RunningBackend | null>;
  /** The port it was started on (the one picked, when 0 was asked for). */
  port: Promise<number>;
  /** When it could not start: the backend that serves the data dir, else its usual URL, with the data dir's keys. */
  fallback(): Promise<BackendSettings & { running: boolean }>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export function devBackend(options: { backend?: boolean; backendPort?: number; dataDir: string; supabaseDir?: string; log: (line: string) => void }): DevBackend {
  const { dataDir, log } = options;
  const asked = options.backendPort ?? 54321;
  const port = asked === 0 ? freePort() : Promise.resolve(asked);
  const fallback = async () => {
    const { backendStatus } = await import('../backend/commands.ts');
    const status = await backendStatus({ dataDir, port: await port });
    return { url: status.apiUrl, anonKey: status.publishableKey, running: status.running };
  };
  if (options.backend === false) {
    return { expected: Promise.resolve(null), running: Promise.resolve(null), port, fallback };
  }
  const running = (async () => {
    const { startBackend } = await import('../backend/startBackend.ts');
    // A port picked here stands for "any free port": its inbox takes any free port too, as with port 0.
    return startBackend({ port: await port, ...(asked === 0 ? { inboxPort: 0 } : {}), dataDir, supabaseDir: options.supabaseDir, log });
  })();
  running.catch(() => {});
  // As backendStatus (backend/commands.ts) says it, from the few modules that tell it: the page waits for it.
  const expected = (async () => {
    const [{ readDataDirLock }, { dataDirKeys }, { readSupabaseConfig }] = await Promise.all([
      import('../backend/dataDirLock.ts'),
      import('../backend/keys/dataDirKeys.ts'),
      import('../backend/readSupabaseConfig.ts'),
    ]);
    // The islands hold the publishable key: config.toml's [auth] publishable_key, else the data dir's.
    const anonKey = readSupabaseConfig(options.supabaseDir ?? path.resolve('supabase')).auth.publishableKey || dataDirKeys(path.resolve(dataDir)).publishableKey;
    return { url: readDataDirLock(path.resolve(dataDir))?.apiUrl ?? `http://127.0.0.1:${await port}`, anonKey };
  })();
  return { expected, running, port, fallback };
}
