/**
 * Watches a site's sources for `site dev` and hands over the changes in batches (a burst of saves is one
 * batch), classified (classifyChange.ts). It watches folders, not files: one watcher per folder of the
 * content, templates, components, widgets and migrations (and the site's own folder, for its config file
 * and for a watched folder made later), whatever the number of files in them. A folder that appears is
 * watched from then on, the files in it counted as added; one that goes is no longer watched. A batch
 * holding a content file found empty waits up to 100 ms for its text (an editor saving in place empties it first).
 */
import { statSync, watch, type FSWatcher } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { classifyChange, type ChangeKind, type Roots } from './classifyChange.ts';

export type Change = { kind: ChangeKind; rel: string };

/** Checks, 10 ms apart, for the text of a content file found empty before its batch is handed over anyway. */
const EMPTY_FILE_WAITS = 10;

export interface DevWatcher {
  close(): Promise<void>;
}

const isDir = (p: string) => stat(p).then((s) => s.isDirectory(), () => false);

export async function watchSite(roots: Required<Roots>, onBatch: (batch: Change[]) => void): Promise<DevWatcher> {
  const pending = new Map<string, Change>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  /** How many times the batch waited for an emptied content file to be written. */
  let waits = 0;
  // An editor that saves in place empties the file, then writes it: a content file found empty is given up
  // to 100 ms for its text to arrive (as Vite does), so its page does not flash a missing-field error.
  const emptied = (c: Change) => c.kind === 'content' && statSync(path.join(roots.contentDir, c.rel), { throwIfNoEntry: false })?.size === 0;
  const handOver = () => {
    if (waits < EMPTY_FILE_WAITS && [...pending.values()].some(emptied)) {
      waits++;
      timer = setTimeout(handOver, 10);
      return;
    }
    waits = 0;
    const batch = [...pending.values()];
    pending.clear();
    onBatch(batch);
  };
  const onFile = (file: string) => {
    const change = classifyChange(file, roots);
    if (change.kind === 'ignore' || closed) return;
    pending.set(`${change.kind}:${change.rel}`, change);
    clearTimeout(timer);
    timer = setTimeout(handOver, 5);
  };

  /** The folders whose whole tree is watched. */
  const trees = [roots.contentDir, roots.templatesDir, roots.componentsDir, roots.widgetsDir, path.join(roots.supabaseDir, 'migrations')].map((d) => path.resolve(d));
  const inTree = (p: string) => trees.some((t) => p === t || p.startsWith(t + path.sep));
  /** Folders between the site's folder and a tree: watched for the tree to appear. */
  const onTheWay = (p: string) => trees.some((t) => t.startsWith(p + path.sep));
  const watchers = new Map<string, FSWatcher>();

  /** Watches `dir` alone (its entries' changes); `null` once it is gone. */
  const watchDir = (dir: string) => {
    if (watchers.has(dir) || closed) return;
    let w: FSWatcher;
    try {
      w = watch(dir, (_event, name) => void onEntry(dir, name ? path.join(dir, name.toString()) : null));
    } catch {
      return; // gone already
    }
    w.on('error', () => unwatch(dir));
    watchers.set(dir, w);
  };
  const unwatch = (dir: string) => {
    for (const [d, w] of watchers) {
      if (d === dir || d.startsWith(dir + path.sep)) {
        w.close();
        watchers.delete(d);
      }
    }
  };

  /** Watches the folders of the tree at `dir`; with `added`, its files count as added (a folder moved in). */
  const watchTree = async (dir: string, added: boolean): Promise<void> => {
    watchDir(dir);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    await Promise.all(entries.map((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return watchTree(p, added);
      if (added) onFile(p);
      return undefined;
    }));
  };

  /** Something changed in `dir` (its entry `entry`, when the system says which). */
  const onEntry = async (dir: string, entry: string | null) => {
    if (!entry) return;
    if (inTree(entry)) {
      if (await isDir(entry)) await watchTree(entry, !watchers.has(entry));
      else {
        if (watchers.has(entry)) unwatch(entry);
        onFile(entry);
      }
    } else if (onTheWay(entry)) {
      // A folder on the way to a tree (supabase/) appeared: watched from now on, and the trees below it.
      if (await isDir(entry)) await watchWay(entry, true);
      else unwatch(entry);
    } else if (dir === site && entry === path.resolve(roots.configFile)) onFile(entry);
  };

  /** Watches `dir` and, below it, the trees or the folders on the way to them that exist; `appeared`: made since the start. */
  const watchWay = async (dir: string, appeared: boolean): Promise<void> => {
    if (inTree(dir)) return watchTree(dir, appeared);
    watchDir(dir);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    await Promise.all(entries.filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name)).filter((p) => inTree(p) || onTheWay(p)).map((p) => watchWay(p, appeared)));
  };

  const site = path.resolve(path.dirname(roots.configFile));
  await watchWay(site, false);
  // A tree outside the site's folder (a content folder given elsewhere) is watched where it is.
  await Promise.all(trees.filter((t) => !t.startsWith(site + path.sep)).map(async (t) => (await isDir(t)) && watchTree(t, false)));
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}
