/**
 * Watches a site's sources for `site dev` and hands over the changes in batches (a burst of saves is one
 * batch), classified (classifyChange.ts).
 */
import chokidar from 'chokidar';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { classifyChange, type ChangeKind, type Roots } from './classifyChange.ts';

export type Change = { kind: ChangeKind; rel: string };

export interface DevWatcher {
  close(): Promise<void>;
}

export async function watchSite(roots: Required<Roots>, onBatch: (batch: Change[]) => void): Promise<DevWatcher> {
  const pending = new Map<string, Change>();
  let timer: NodeJS.Timeout | undefined;
  // chokidar drops a second "change" within 50 ms of the first and never
  // re-emits it, so every event also schedules a trailing look at the file:
  // an edit that chokidar swallowed is still picked up (never miss an edit).
  const seen = new Map<string, string>();
  const fingerprint = (file: string) => stat(file).then((s) => `${s.mtimeMs}:${s.size}`, () => 'gone');
  const recheck = (file: string) =>
    setTimeout(async () => {
      if ((await fingerprint(file)) !== seen.get(file)) onFile(file);
    }, 75);
  // components/ is watched once it exists: given it missing as well as widgets/ (a site with neither),
  // chokidar missed a new widget file. A site makes components/ along with a config edit registering them,
  // and the watcher adds it at the next change it sees.
  let components = existsSync(roots.componentsDir);
  const onFile = (file: string) => {
    const change = classifyChange(path.resolve(file), roots);
    if (change.kind === 'ignore') return;
    if (!components && existsSync(roots.componentsDir)) {
      components = true;
      watcher.add(roots.componentsDir);
    }
    void fingerprint(file).then((fp) => {
      seen.set(file, fp);
      recheck(file);
    });
    pending.set(`${change.kind}:${change.rel}`, change);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = [...pending.values()];
      pending.clear();
      onBatch(batch);
    }, 5);
  };
  const paths = [roots.contentDir, roots.templatesDir, roots.widgetsDir, path.join(roots.supabaseDir, 'migrations'), roots.configFile];
  const watcher = chokidar.watch(components ? [...paths, roots.componentsDir] : paths, {
    ignoreInitial: true,
  });
  watcher.on('add', onFile).on('change', onFile).on('unlink', onFile);
  await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return {
    async close() {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
