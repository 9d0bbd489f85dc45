/** Messages between `site dev` and its render worker (generator/dev/siteWorker.ts). */
import type { SiteBundle } from '../runBundle.cjs';
import type { EditorAsk } from '../editor/editorTypes.ts';
import type { PageAssets } from '../render/renderPage.tsx';

/** What the main thread tells the worker about assets: URLs, the backend the CSP must allow, the asset files (no redirect may hide one). */
/** `islands`: the islands the widget bundle has, once it is made (a page naming another fails as a build does). */
export type DevAssets = Omit<PageAssets, 'csp'> & { statics: Record<string, string>; backendUrl: string | null; files: string[]; islands?: string[] };

/** The page where a site's users sign up: `site dev` says how to grant admin only for a site that has one. */
export const SIGN_UP_PATH = '/auth';

/** A SiteError flattened for postMessage and for the browser overlay. */
export interface WireError {
  code: string;
  title: string;
  message: string;
  hint: string;
  file?: string;
  line?: number;
  field?: string;
}

export type WorkerRequest =
  | { id: number; type: 'assets'; assets: DevAssets }
  | { id: number; type: 'load' }
  | { id: number; type: 'update'; files: string[] }
  | { id: number; type: 'render'; path: string }
  /** The server listens at `url`: the site's plugins' devStart hooks run. */
  | { id: number; type: 'started'; url: string }
  /** The editor's questions (editor/editorWorker.ts). */
  | { id: number; type: 'editor'; ask: EditorAsk }
  /** Before the server stops: the build cache's writes under way finish (the next start reads what this one read). */
  | { id: number; type: 'flush' };

export type { EditorAsk } from '../editor/editorTypes.ts';

/** A page (or a social image: bytes) with its content type, or (with `location`) a redirect of an old path. */
/** `entry`: the content file of the list entry a page renders (the editor's link). */
export type Rendered = { status: number; body: string | Uint8Array; type: string; location?: string; entry?: string } | null;

/** The worker's data: where the site's parts are (config.ts ResolvedConfig). */
export interface WorkerData {
  root: string;
  contentDir: string;
  templatesDir: string;
  cacheDir?: string;
  siteUrl?: string;
  /** The site's own bundle (dev/workerBundle.ts), run with the worker's engine bundle (site/embeddedSite.ts). */
  site: SiteBundle;
}

export type WorkerResponse =
  /** `highlight` (after load): whether the site's markdown highlights code (the stylesheet carries its colours then). */
  /** `entries` (after load): the list entries, and how many of them were read (the others came from the build cache). */
  /** `signUp` (after started): whether the site has a page at /auth, where a user signs up before being granted admin. `allowedHosts` (after load): the config's, for the server's Host check (hostCheck.ts). */
  | { id: number; ok: true; affected?: string[] | '*'; result?: Rendered; highlight?: boolean; allowedHosts?: readonly string[] | true; editor?: unknown; entries?: { total: number; read: number }; signUp?: boolean }
  | { id: number; ok: false; error: WireError };
