/**
 * The widget bundle of a site outside the engine's folder, with real esbuild: the loader is the
 * engine's, the registry is every file of the site's widgets/islands/ (read again at each bundle), a
 * React island's `import { mountReact } from 'skerry'` and `react` resolve from the engine, and the
 * packages named by the config's widgetAliases are the site's own files; the files' hashed names do not
 * depend on the folder the process runs in.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleWidgets, type WidgetBundle } from '../../generator/assets/bundleWidgets.ts';
import { closure } from '../../generator/assets/jsBudget.ts';

const root = mkdtempSync(path.join(tmpdir(), 'site-widgets-'));
const widgetsDir = path.join(root, 'widgets');
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

write(
  'site.config.ts',
  `export default {
  collections: {},
  meta: () => ({ name: 'T', url: 'https://t.example', language: 'en', socialImage: 'a.png', favicon: 'f.svg' }),
  routes: () => [],
  templates: {},
  widgetAliases: { '@supabase/storage-js': 'widgets/stubs/storage.ts' },
};
`,
);
write(
  'widgets/islands/CopyLink.ts',
  `import { StorageClient } from '@supabase/storage-js';
export default function mount(el: HTMLElement): void {
  el.dataset.storage = String(new StorageClient());
}
`,
);
write(
  'widgets/islands/Counter.tsx',
  `import { useState } from 'react';
import { mountReact } from 'skerry';
export function Counter({ start }: { start: number }) {
  const [n, setN] = useState(start);
  return <button type="button" onClick={() => setN(n + 1)}>{n}</button>;
}
export default mountReact(Counter);
`,
);
write('widgets/islands/README.md', 'Not an island.\n');
write('widgets/stubs/storage.ts', `export class StorageClient { toString() { return 'storage stub of the site'; } }\n`);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const text = (bundle: WidgetBundle, file: string) => new TextDecoder().decode(bundle.files.get(file.replace(/^\//, '')));
const everything = (bundle: WidgetBundle) => [...bundle.files.keys()].map((f) => text(bundle, f)).join('\n');

describe('bundleWidgets for a site in a temporary folder', () => {
  let bundle: WidgetBundle;

  it('bundles the engine loader with one chunk per file of widgets/islands/', async () => {
    bundle = await bundleWidgets({ widgetsDir, backend: null });
    expect(bundle.loader).toMatch(/^\/assets\/loader\.[A-Z0-9]+\.js$/);
    expect([...bundle.islandChunks.keys()].sort()).toEqual(['CopyLink', 'Counter']);
    expect(bundle.islandChunks.get('Counter')).toMatch(/^assets\/chunks\/Counter\.[A-Z0-9]+\.js$/);
    const loader = text(bundle, bundle.loader);
    for (const chunk of bundle.islandChunks.values()) expect(loader).toContain(`./${chunk.replace('assets/', '')}`);
    expect(bundle.inputs).toContain(path.join(widgetsDir, 'islands', 'Counter.tsx'));
  });

  it("resolves React and the engine's mountReact (no server code) for the React island", () => {
    const all = everything(bundle);
    expect(all).toContain('hydrateRoot');
    expect(all).not.toContain('renderToString');
    expect(all).not.toMatch(/from\s*"node:/);
  });

  it("takes a package named in widgetAliases from the site's file", () => {
    expect(everything(bundle)).toContain('storage stub of the site');
  });

  it('names its files the same whichever folder the process was started in', async () => {
    const started = process.cwd();
    try {
      process.chdir(tmpdir());
      const elsewhere = await bundleWidgets({ widgetsDir, backend: null });
      process.chdir(root);
      const inSite = await bundleWidgets({ widgetsDir, backend: null });
      expect([...elsewhere.files.keys()].sort()).toEqual([...inSite.files.keys()].sort());
      expect([...elsewhere.files.keys()].sort()).toEqual([...bundle.files.keys()].sort());
    } finally {
      process.chdir(started);
    }
  });

  it('picks up an island added since the last bundle', async () => {
    write('widgets/islands/ThemeToggle.ts', 'export default function mount(el: HTMLElement): void { el.hidden = false; }\n');
    const again = await bundleWidgets({ widgetsDir, backend: null });
    expect([...again.islandChunks.keys()].sort()).toEqual(['CopyLink', 'Counter', 'ThemeToggle']);
  });
});

describe("an island that calls the backend through 'skerry/client'", () => {
  const supabaseJs = /PostgrestClient|GoTrueClient/;

  it('carries supabase-js, loaded lazily, when the site is built with backend settings, and none without', async () => {
    // supabase-js takes its storage error class from the package the site's stub stands in for.
    write('widgets/stubs/storage.ts', `export class StorageClient { toString() { return 'storage stub of the site'; } }\nexport class StorageApiError extends Error {}\n`);
    write(
      'widgets/islands/Notes.ts',
      `import { backend } from 'skerry/client';
export default function mount(el: HTMLElement): void {
  el.addEventListener('click', async () => {
    const { data } = await (await backend()).from('notes').select('body');
    el.textContent = String(data?.length ?? 0);
  });
}
`,
    );
    // What the island loads with it, and what it can load later (import()), as the budgets count them.
    const reach = (bundle: WidgetBundle, dynamic: boolean) =>
      [...closure(bundle, [bundle.islandChunks.get('Notes')!], dynamic)].map((f) => text(bundle, f)).join('\n');
    const withBackend = await bundleWidgets({ widgetsDir, backend: { url: 'http://127.0.0.1:54321', anonKey: 'anon-key' } });
    expect(reach(withBackend, false)).not.toMatch(supabaseJs);
    expect(reach(withBackend, true)).toMatch(supabaseJs);
    // Built without settings, backend() can only reject: supabase-js is out of the island's reach.
    const without = await bundleWidgets({ widgetsDir, backend: null });
    expect(reach(without, true)).not.toMatch(supabaseJs);
  });
});
