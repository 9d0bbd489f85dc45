/**
 * The site as `site dev` serves it: the render worker (content, routes, pages), the assets (DevAssets.ts)
 * and the error a change left, if any. Changes are applied one batch at a time, in order; a request is
 * answered once the change before it has been applied.
 */
import type * as esbuild from 'esbuild';
import type { BackendSettings, ResolvedConfig } from '../config.ts';
import { formatSiteError, SiteError } from '../core/errors.ts';
import type { Change } from './devWatcher.ts';
import { DevAssets } from './DevAssets.ts';
import type { AllowedHosts } from './hostCheck.ts';
import { RenderWorker } from './RenderWorker.ts';
import type { SseHub } from './sse.ts';
import { toWireError } from './toWireError.ts';
import type { WorkerBundle } from './workerBundle.ts';
import type { Rendered, WireError } from './workerProtocol.ts';

export class DevSite {
  error: WireError | null = null;
  /** The config's `allowedHosts` as the worker last read it (hostCheck.ts); none until it has. */
  allowedHosts: AllowedHosts = [];
  /** Bumped by every change that altered some page; pages carry the version they were rendered at. */
  version = 0;
  readonly assets: DevAssets;
  readonly worker: RenderWorker;
  private queue: Promise<void> = Promise.resolve();
  private backend: BackendSettings | null = null;
  /** The error each page that cannot render was last reported with (render). */
  private readonly pageErrors = new Map<string, string>();

  constructor(
    private readonly config: ResolvedConfig,
    private readonly bundle: WorkerBundle,
    private readonly hub: SseHub,
    private readonly log: (line: string) => void,
    /** The backend's data dir, named when a migration changes. */
    private readonly dataDir: string,
  ) {
    this.assets = new DevAssets(config);
    // The worker encodes content images into the build cache (images/contentImages.ts), which serves them.
    this.worker = new RenderWorker(bundle.file, {
      root: config.root,
      contentDir: config.contentDir,
      templatesDir: config.templatesDir,
      cacheDir: config.cacheDir,
      site: { root: config.root, file: bundle.site },
    });
  }

  private setError(e: unknown): void {
    this.error = toWireError(e);
    this.log(`\n${formatSiteError(this.error)}\n`);
    this.hub.send('site-error', this.error);
  }

  /** Runs `step` after the steps before it; its failure becomes the site's error. */
  private enqueue(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(step).catch((e) => this.setError(e));
    return this.queue;
  }

  /** Resolves once every change handed over so far has been applied. */
  settled(): Promise<void> {
    return this.queue;
  }

  /** Content and assets, made in parallel; `backend`: what the widgets talk to. */
  start(backend: Promise<BackendSettings | null>): Promise<void> {
    return this.enqueue(async () => {
      const loading = this.worker.call({ type: 'load' });
      loading.catch(() => {});
      // The widget bundle reads the site's config (its widget aliases): read while the backend's keys are worked out.
      this.assets.prepareWidgets();
      const made = await Promise.allSettled([
        this.assets.loadStyles(),
        this.assets.loadStatics(),
        backend.then((b) => {
          this.backend = b;
          return this.assets.loadWidgets(b);
        }),
      ]);
      await this.worker.call({ type: 'assets', assets: this.assets.page() });
      const loaded = await loading;
      const { total = 0, read = 0 } = loaded.entries ?? {};
      if (read < total) this.log(`Read ${read} of ${total} entries: the others are unchanged since the last start (from the build cache).`);
      await this.withSite(loaded);
      for (const m of made) if (m.status === 'rejected') throw m.reason;
    });
  }

  /** Once the worker has read the site: the Hosts its config allows, and the stylesheet with or without the colours of highlighted code, as its config says. */
  private async withSite(loaded: { highlight?: boolean; allowedHosts?: AllowedHosts }): Promise<void> {
    if (loaded.allowedHosts !== undefined) this.allowedHosts = loaded.allowedHosts;
    if (loaded.highlight === undefined || loaded.highlight === this.assets.highlight) return;
    this.assets.highlight = loaded.highlight;
    await this.assets.loadStyles();
    await this.worker.call({ type: 'assets', assets: this.assets.page() });
  }

  /** A fresh worker reads the site again: its assets first, then the content. */
  private async prime(): Promise<void> {
    await this.worker.call({ type: 'assets', assets: this.assets.page() });
    await this.withSite(await this.worker.call({ type: 'load' }));
  }

  /** When the backend the widgets talk to turns out other than expected: a new bundle, and every page reloads. */
  useBackend(backend: BackendSettings | null): Promise<void> {
    return this.enqueue(async () => {
      if (backend?.url === this.backend?.url && backend?.anonKey === this.backend?.anonKey) return;
      this.backend = backend;
      await this.assets.loadWidgets(backend);
      await this.worker.call({ type: 'assets', assets: this.assets.page() });
      this.version++;
      this.hub.send('change', { paths: '*' });
    });
  }

  apply(batch: Change[]): Promise<void> {
    return this.enqueue(() => this.applyBatch(batch));
  }

  private async applyBatch(batch: Change[]): Promise<void> {
    const kinds = new Set(batch.map((c) => c.kind));
    const hadError = this.error !== null;
    try {
      if (kinds.has('migration')) {
        const files = batch.filter((c) => c.kind === 'migration').map((c) => c.rel);
        this.log(`Migration changed: ${files.join(', ')}.\nRestart \`site dev\` to apply new migrations to ${this.dataDir} (your data stays), or delete that folder to start from a clean database.`);
      }
      if (kinds.has('style')) await this.assets.loadStyles();
      if (kinds.has('static')) await this.assets.loadStatics();
      if (kinds.has('widget')) await this.assets.loadWidgets(this.backend);
      if (kinds.has('style') || kinds.has('static') || kinds.has('widget')) await this.worker.call({ type: 'assets', assets: this.assets.page() });
      if (kinds.has('style')) this.hub.send('css', { href: this.assets.page().stylesheet });
      let affected: string[] | '*' = [];
      if (kinds.has('template') || (hadError && !kinds.has('content'))) {
        await this.worker.restart(kinds.has('template') ? await this.rebuildTemplates() : this.bundle.site);
        await this.prime();
        affected = '*';
      } else if (kinds.has('content')) {
        const files = batch.filter((c) => c.kind === 'content').map((c) => c.rel);
        // After a failed change too: the worker reads the files changed since its last good state (siteWorker.ts).
        const res = await this.worker.call({ type: 'update', files });
        affected = res.affected ?? '*';
      }
      // New hashed names of static files or scripts are in every page.
      if (kinds.has('static') || kinds.has('widget')) affected = '*';
      this.error = null;
      if (affected === '*' || affected.length) {
        this.version++;
        this.hub.send('change', { paths: affected });
      }
    } catch (e) {
      this.setError(e);
    }
  }

  private rebuildTemplates(): Promise<string> {
    return this.bundle.rebuild().catch((e: { errors?: esbuild.Message[] }) => {
      const first = e.errors?.[0];
      throw new SiteError('TemplateCompileFailed', {
        file: first?.location?.file ?? this.config.templatesDir,
        line: first?.location?.line,
        reason: first?.text ?? String(e),
      });
    });
  }

  /** A page, feed, search file or social image, as the worker renders it (after settled(), when there is no error). */
  /** A page that cannot render: its error page is served, and the terminal says it too (once, until it changes). */
  async render(urlPath: string): Promise<Rendered> {
    try {
      const { result } = await this.worker.call({ type: 'render', path: urlPath });
      this.pageErrors.delete(urlPath);
      return result ?? null;
    } catch (e) {
      const text = formatSiteError(toWireError(e));
      if (this.pageErrors.get(urlPath) !== text) this.log(`\n${text}\n`);
      this.pageErrors.set(urlPath, text);
      throw e;
    }
  }

  /**
   * Tells the site's plugins the server listens (their devStart hooks); a hook's error shows as the site's error.
   * Resolves with whether the site has a sign-up page (/auth).
   */
  async started(url: string): Promise<boolean> {
    const reply = await this.worker.call({ type: 'started', url }).catch((e: unknown) => this.setError(e));
    return !!reply?.signUp;
  }

  async close(): Promise<void> {
    // The content packs being saved are finished first: a restart then reads only what changed.
    // A worker stuck in a template's endless loop does not hold the stop up for more than a few seconds.
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<void>((resolve) => (timer = setTimeout(resolve, 5000)));
    await Promise.race([this.worker.call({ type: 'flush' }).catch(() => {}), stuck]);
    clearTimeout(timer);
    await this.worker.terminate();
  }
}
