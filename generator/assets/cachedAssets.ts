/**
 * The stylesheet and the widget bundle through the build cache (generator/cache/cachedAsset.ts). Both
 * are optional: a site without templates/styles/main.css has no stylesheet (null), a site without a
 * widgets/ folder no islands (an empty bundle: no loader, no files).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BuildCache } from '../cache/BuildCache.ts';
import { cachedAsset } from '../cache/cachedAsset.ts';
import { bundleWidgets, type BundleOptions, type WidgetBundle } from './bundleWidgets.ts';
import { compileCss, type CompiledCss } from './compileCss.ts';
import { listIslands } from './islandRegistry.ts';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'base64'));

/** `highlight`: with the colours of highlighted code (the site's `markdown.highlight` is not false). */
export const cachedCss = async (cache: BuildCache, packKey: string | Promise<string>, entry: string, highlight = true): Promise<CompiledCss | null> => {
  if (!existsSync(entry)) return null;
  return cachedAsset(
    cache,
    'css',
    packKey,
    { entry, highlight },
    async () => {
      const css = await compileCss(entry, { highlight });
      return { value: css, inputs: css.sources };
    },
    {
      save: (css) => ({ ...css, code: b64(css.code) }),
      load: (saved: Omit<CompiledCss, 'code'> & { code: string }) => ({ ...saved, code: bytes(saved.code) }),
    },
  );
};

type SavedBundle = Omit<WidgetBundle, 'files' | 'gzip' | 'staticImports' | 'dynamicImports' | 'islandChunks'> & {
  files: [string, string][];
  gzip: [string, number][];
  staticImports: [string, string[]][];
  dynamicImports: [string, string[]][];
  islandChunks: [string, string][];
};

/** What a site without widgets ships: nothing (loader "" means no script on its pages). */
const noWidgets = (): WidgetBundle => ({
  loader: '',
  files: new Map(),
  gzip: new Map(),
  staticImports: new Map(),
  dynamicImports: new Map(),
  islandChunks: new Map(),
  searchReader: [],
  inputs: [],
});

export const cachedWidgets = async (cache: BuildCache, packKey: string | Promise<string>, options: BundleOptions): Promise<WidgetBundle> => {
  if (!existsSync(options.widgetsDir)) return noWidgets();
  // The island registry is made from the listing of widgets/islands/: a new island file is a new bundle.
  const islands = listIslands(path.join(options.widgetsDir, 'islands')).map(([name]) => name);
  return cachedAsset(
    cache,
    'widgets',
    packKey,
    { ...options, islands },
    async () => {
      const bundle = await bundleWidgets(options);
      return { value: bundle, inputs: bundle.inputs };
    },
    {
      save: (b): SavedBundle => ({
        ...b,
        files: [...b.files].map(([f, data]) => [f, b64(data)]),
        gzip: [...b.gzip],
        staticImports: [...b.staticImports],
        dynamicImports: [...b.dynamicImports],
        islandChunks: [...b.islandChunks],
      }),
      load: (s: SavedBundle): WidgetBundle => ({
        ...s,
        files: new Map(s.files.map(([f, data]) => [f, bytes(data)])),
        gzip: new Map(s.gzip),
        staticImports: new Map(s.staticImports),
        dynamicImports: new Map(s.dynamicImports),
        islandChunks: new Map(s.islandChunks),
      }),
    },
  );
};
