/**
 * The stylesheet, the static files and the widget bundle of `site dev`: made by the build's own asset
 * stages (assets/cachedAssets.ts, assets/staticFiles.ts), cached as a build's are, so dev pages name the
 * same hashed files with the same bytes as a build's. Each kind is made again when its sources change.
 */
import path from 'node:path';
import type { BackendSettings, ResolvedConfig } from '../config.ts';
import { BuildCache } from '../cache/BuildCache.ts';
import { sourceKey } from '../cache/sourceKey.ts';
import { cachedCss, cachedWidgets } from '../assets/cachedAssets.ts';
import { staticFiles } from '../assets/staticFiles.ts';
import { loadSite } from '../site/loadSite.ts';
import { siteSources } from '../stages/buildKey.ts';
import { existsSync } from 'node:fs';
import { types } from './contentTypes.ts';
import type { DevAssets as PageAssets } from './workerProtocol.ts';

export interface Asset {
  body: Uint8Array;
  type: string;
}

export class DevAssets {
  /** URL path -> file, of every kind. */
  private readonly files = new Map<string, Asset>();
  private readonly kinds = { css: new Set<string>(), statics: new Set<string>(), widgets: new Set<string>() };
  private stylesheet = '';
  private loader = '';
  /** The islands the widget bundle has (widgets/islands/<Name>), or null before it is made. */
  private islands: string[] | null = null;
  private statics: Record<string, string> = {};
  private backend: BackendSettings | null = null;
  private readonly cache: BuildCache;
  /** With the colours of highlighted code, as the site's `markdown.highlight` says (the render worker reads the site). */
  highlight = true;

  constructor(private readonly config: ResolvedConfig) {
    // A cache of its own beside the render worker's bundle: the dev backend baked into dev's widget bundle
    // would otherwise replace a build's bundle in the build cache (one stored per kind), and back.
    this.cache = BuildCache.open(path.join(config.root, '.site', 'cache', 'dev-assets'), { read: true });
  }

  /** The build's key of the site's code (templates and config): the asset packs it files the stylesheet and bundle under. */
  private key(): string {
    return sourceKey(siteSources(this.config));
  }

  private replace(kind: 'css' | 'statics' | 'widgets', files: Iterable<[string, Uint8Array]>): void {
    for (const url of this.kinds[kind]) this.files.delete(url);
    this.kinds[kind].clear();
    for (const [file, body] of files) {
      const url = `/${file}`;
      this.files.set(url, { body, type: types[path.extname(file)] ?? 'application/octet-stream' });
      this.kinds[kind].add(url);
    }
  }

  async loadStyles(): Promise<void> {
    const css = await cachedCss(this.cache, this.key(), this.config.stylesEntry, this.highlight);
    this.stylesheet = css ? `/${css.file}` : '';
    this.replace('css', css ? [[css.file, css.code]] : []);
  }

  async loadStatics(): Promise<void> {
    const s = await staticFiles(this.config.staticDir);
    this.statics = s.urls;
    this.replace('statics', [...s.files.values()].map(({ file, bytes }) => [file, bytes]));
  }

  /** Loads what the widget bundle needs besides the backend (the site's config, for its widget aliases), ahead of it. */
  prepareWidgets(): void {
    if (existsSync(this.config.widgetsDir)) loadSite(this.config.root).catch(() => {});
  }

  /** `backend`: what the widgets talk to (baked into the bundle, allowed by the CSP). */
  async loadWidgets(backend: BackendSettings | null): Promise<void> {
    const bundle = await cachedWidgets(this.cache, this.key(), { widgetsDir: this.config.widgetsDir, backend });
    this.backend = backend;
    this.loader = bundle.loader;
    this.islands = [...bundle.islandChunks.keys()];
    this.replace('widgets', bundle.files);
  }

  get(url: string): Asset | undefined {
    return this.files.get(url);
  }

  /** What the render worker puts in pages: as a build does, only a site with widgets lets pages connect to the backend. */
  page(): PageAssets {
    return {
      stylesheet: this.stylesheet,
      scripts: this.loader ? [this.loader] : [],
      statics: this.statics,
      backendUrl: this.loader ? (this.backend?.url ?? null) : null,
      files: [...this.files.keys()].map((url) => url.slice(1)),
      ...(this.islands ? { islands: this.islands } : {}),
    };
  }
}
