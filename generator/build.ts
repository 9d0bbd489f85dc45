/**
 * The build pipeline as named stages, in order:
 *   config -> content -> routes -> assets -> render -> budgets -> extras -> checks -> write
 * Each stage is a plain function of the previous stages' values; only
 * `content`, `assets` and `write` touch the disk.
 */
import { checkSiteUrl, resolveConfig, type ResolvedConfig, type SiteOptions } from './config.ts';
import { loadContent, type Content } from './content/load.ts';
import { buildRoutes, type Route } from './routes.ts';
import { compileCss } from './assets/compileCss.ts';
import { staticFiles } from './assets/staticFiles.ts';
import { bundleWidgets, type WidgetBundle } from './assets/bundleWidgets.ts';
import { checkBudgets, type JsReport } from './assets/checkBudgets.ts';
import { renderPage } from './render/renderPage.tsx';
import type { RenderContext } from '../templates/SiteContext.ts';
import { extraFiles } from './seo/extraFiles.ts';
import { contentSecurityPolicy } from './security/contentSecurityPolicy.ts';
import { headersFile } from './security/headersFile.ts';
import { runChecks } from './checks/runChecks.ts';
import { writeOutput, type OutputFiles } from './writeOutput.ts';

export interface BuiltPage {
  url: string;
  file: string;
  html: string;
}

export interface BuildResult {
  config: ResolvedConfig;
  content: Content;
  routes: Route[];
  pages: BuiltPage[];
  /** Every output file, pages included (path relative to the output folder). */
  files: OutputFiles;
  widgets: WidgetBundle;
  js: JsReport;
  stats: { pages: number; files: number; bytes: number; ms: number; stages: Record<string, number> };
}

export const stageNames = ['config', 'content', 'routes', 'assets', 'render', 'budgets', 'extras', 'checks', 'write'] as const;

export async function build(options: SiteOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const stages: Record<string, number> = {};
  const stage = async <T>(name: (typeof stageNames)[number], fn: () => T | Promise<T>): Promise<T> => {
    const t = performance.now();
    const value = await fn();
    stages[name] = Math.round(performance.now() - t);
    return value;
  };

  const config = await stage('config', () => resolveConfig('build', options));
  const content = await stage('content', () => loadContent(config.contentDir));
  const siteUrl = config.siteUrl ?? checkSiteUrl(content.site.url);
  const routes = await stage('routes', () => buildRoutes(content));
  const files: OutputFiles = new Map();

  if (!config.backend && config.mode === 'build') {
    config.log('Warning: no backend settings (SITE_SUPABASE_URL, SITE_SUPABASE_ANON_KEY): forms will show their error message instead of sending.');
  }
  const assets = await stage('assets', async () => {
    const [css, statics, widgets] = await Promise.all([
      compileCss(config.stylesEntry),
      staticFiles(config.staticDir),
      bundleWidgets({ widgetsDir: config.widgetsDir, backend: config.backend }),
    ]);
    files.set(css.file, css.code);
    for (const { file, bytes } of statics.files.values()) files.set(file, bytes);
    for (const [file, bytes] of widgets.files) files.set(file, bytes);
    const csp = contentSecurityPolicy({ backendUrl: config.backend?.url, videoUrl: content.site.demoVideoUrl }, 'meta');
    return { stylesheet: `/${css.file}`, scripts: [widgets.loader], asset: statics.url, widgets, csp };
  });

  const pages = await stage('render', () => {
    const ctx: RenderContext = { content, routes, siteUrl, asset: assets.asset };
    return routes.map<BuiltPage>((route) => {
      const html = renderPage(route, ctx, assets);
      files.set(route.file, html);
      return { url: route.path, file: route.file, html };
    });
  });

  const js = await stage('budgets', () => checkBudgets(assets.widgets, pages, routes));

  await stage('extras', () => {
    for (const [file, text] of Object.entries(extraFiles(content, routes, siteUrl))) files.set(file, text);
    files.set('_headers', headersFile(contentSecurityPolicy({ backendUrl: config.backend?.url, videoUrl: content.site.demoVideoUrl })));
  });

  await stage('checks', () =>
    runChecks({ pages, files: [...files.keys()], sitemapXml: String(files.get('sitemap.xml')), siteUrl }),
  );

  await stage('write', () => (config.write ? writeOutput(config.outDir, files) : undefined));

  let bytes = 0;
  for (const data of files.values()) bytes += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
  return {
    config,
    content,
    routes,
    pages,
    files,
    widgets: assets.widgets,
    js,
    stats: { pages: pages.length, files: files.size, bytes, ms: Math.round(performance.now() - started), stages },
  };
}
