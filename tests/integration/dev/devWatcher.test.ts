/**
 * site dev's watcher (generator/dev/devWatcher.ts), on a site folder of its own: every kind of change is
 * handed over, in folders watched from the start and in folders made later (widgets/, components/,
 * supabase/migrations/, a new content folder), a folder moved in counts its files as added, and a content
 * folder outside the site's is watched where it is; a content file left empty is still handed over.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchSite, type Change, type DevWatcher } from '../../../generator/dev/devWatcher.ts';

let tmp: string;
let root: string;
let outside: string;
let watcher: DevWatcher;
const seen: Change[] = [];

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'site-watch-'));
  root = path.join(tmp, 'site');
  outside = path.join(tmp, 'elsewhere');
  for (const d of ['templates/styles', 'content/blog']) mkdirSync(path.join(root, d), { recursive: true });
  mkdirSync(path.join(outside, 'blog'), { recursive: true });
  writeFileSync(path.join(root, 'site.config.ts'), 'export default {};\n');
  writeFileSync(path.join(root, 'content/blog/a.md'), '# A\n');
  const dirs = { templatesDir: path.join(root, 'templates'), widgetsDir: path.join(root, 'widgets'), supabaseDir: path.join(root, 'supabase'), configFile: path.join(root, 'site.config.ts'), componentsDir: path.join(root, 'components') };
  watcher = await watchSite({ contentDir: path.join(root, 'content'), ...dirs }, (batch) => seen.push(...batch));
  // A second watcher, for a content folder outside the site's folder.
  outsideWatcher = await watchSite({ contentDir: outside, ...dirs }, (batch) => fromOutside.push(...batch));
});
let outsideWatcher: DevWatcher;
const fromOutside: Change[] = [];
afterAll(async () => {
  await watcher.close();
  await outsideWatcher.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** Waits until `list` holds `change` (the watcher hands over batches a few milliseconds after the events). */
async function handed(list: Change[], change: Change): Promise<void> {
  for (let i = 0; i < 200 && !list.some((c) => c.kind === change.kind && c.rel === change.rel); i++) await new Promise((r) => setTimeout(r, 25));
  expect(list).toContainEqual(change);
}

describe('site dev watcher', () => {
  it('hands over an edited, a new and a deleted entry, a stylesheet, a template and the config', async () => {
    writeFileSync(path.join(root, 'content/blog/a.md'), '# A, edited\n');
    await handed(seen, { kind: 'content', rel: 'blog/a.md' });
    writeFileSync(path.join(root, 'content/blog/b.md'), '# B\n');
    await handed(seen, { kind: 'content', rel: 'blog/b.md' });
    rmSync(path.join(root, 'content/blog/b.md'));
    seen.length = 0;
    await new Promise((r) => setTimeout(r, 50));
    writeFileSync(path.join(root, 'templates/styles/main.css'), 'a{}');
    await handed(seen, { kind: 'style', rel: 'styles/main.css' });
    writeFileSync(path.join(root, 'templates/Page.tsx'), 'export {};');
    await handed(seen, { kind: 'template', rel: 'Page.tsx' });
    writeFileSync(path.join(root, 'site.config.ts'), 'export default { edited: true };\n');
    await handed(seen, { kind: 'template', rel: 'site.config.ts' });
  });

  it('watches folders made after the start: widgets/, components/, supabase/migrations/, a new content folder', async () => {
    mkdirSync(path.join(root, 'widgets/islands'), { recursive: true });
    await new Promise((r) => setTimeout(r, 100));
    writeFileSync(path.join(root, 'widgets/islands/Counter.tsx'), 'export {};');
    await handed(seen, { kind: 'widget', rel: 'islands/Counter.tsx' });
    mkdirSync(path.join(root, 'components'));
    await new Promise((r) => setTimeout(r, 100));
    writeFileSync(path.join(root, 'components/Callout.tsx'), 'export {};');
    await handed(seen, { kind: 'template', rel: 'Callout.tsx' });
    mkdirSync(path.join(root, 'supabase/migrations'), { recursive: true });
    await new Promise((r) => setTimeout(r, 100));
    writeFileSync(path.join(root, 'supabase/migrations/0001_init.sql'), 'select 1;');
    await handed(seen, { kind: 'migration', rel: '0001_init.sql' });
    mkdirSync(path.join(root, 'content/notes'));
    await new Promise((r) => setTimeout(r, 100));
    writeFileSync(path.join(root, 'content/notes/n.md'), '# N\n');
    await handed(seen, { kind: 'content', rel: 'notes/n.md' });
  });

  it('counts the files of a folder moved in as added', async () => {
    const staged = path.join(tmp, 'staged');
    mkdirSync(path.join(staged, 'deep'), { recursive: true });
    writeFileSync(path.join(staged, 'deep/c.md'), '# C\n');
    renameSync(staged, path.join(root, 'content/moved'));
    await handed(seen, { kind: 'content', rel: 'moved/deep/c.md' });
  });

  it('hands over a content file left empty (an editor saving in place empties it first): its wait for the text is bounded', async () => {
    seen.length = 0;
    writeFileSync(path.join(root, 'content/blog/a.md'), '');
    await handed(seen, { kind: 'content', rel: 'blog/a.md' });
  });

  it('watches a content folder outside the site folder where it is', async () => {
    writeFileSync(path.join(outside, 'blog/far.md'), '# Far\n');
    await handed(fromOutside, { kind: 'content', rel: 'blog/far.md' });
  });
});
