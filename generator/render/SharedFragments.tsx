/**
 * HTML that many pages share: the navigation, the footer with the contact
 * dialog and cookie banner, an article's card. A template marks such a
 * subtree with <Shared id> (generator/render/Shared.tsx); the first page
 * that uses an id renders it (in a React tree of its own, with the same
 * SiteContext), every later page of the same build reuses that HTML, the
 * content files it read and its check summary. A site of 4,000 articles
 * renders its footer once, not 4,000 times.
 *
 * How a fragment reaches the page: React writes a placeholder text
 * (control characters around a per-instance random nonce, which no content
 * can forge) where the subtree goes, and parts() splices the HTML in. Image
 * preloads that React hoists out of a fragment (the navigation's logo) are
 * handed back to the page's render with ReactDOM.preload, so they land in
 * the page's <head> exactly where React puts its own.
 *
 * An id must name everything the subtree shows besides the content snapshot
 * (e.g. "nav /blog" for the navigation with Blog as the current page); one
 * instance serves one content snapshot (a build shard's, or a single page in
 * the dev server).
 */
import { randomBytes } from 'node:crypto';
import type { ReactNode } from 'react';
import { preload } from 'react-dom';
import { renderToStaticMarkup } from 'react-dom/server';
import type { RenderContext } from '../site/defineConfig.ts';
import type { FragmentStore } from './Shared.tsx';
import { SiteContext } from './SiteContext.ts';
import { scanFragment, type FragmentScan } from '../checks/summarizePage.ts';
import type { JsonLdRules } from '../checks/jsonLdRules.ts';
import { trackReads } from './trackReads.ts';

export interface Fragment {
  html: string;
  /** The HTML as UTF-8, encoded once for every page that writes it (partBytes). */
  bytes: Uint8Array;
  /** Content files the fragment read (trackReads), for the keys of the pages that show it. */
  deps: string[];
  /** What the build checks need of it, ready to merge into a page's summary. */
  scan: FragmentScan;
  /** Image URLs React would preload for it. */
  preloads: string[];
}

/** A page's HTML as the placeholders cut it: its own markup, and the fragments in between. */
export type PageParts = (string | Fragment)[];

// Control characters: React writes them as they are, and they keep the page a one-byte string (a
// private-use character would double the size of every page string and slow every pass over it).
const OPEN = '\u0001';
const CLOSE = '\u0002';
const leadingPreload = /^<link rel="preload"([^>]*)\/>/;
const imageHref = /^ as="image" href="([^"]*)"$/;
const decodeHref = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

export class SharedFragments implements FragmentStore {
  private readonly byId = new Map<string, { token: string; fragment: Fragment }>();
  private readonly byToken = new Map<string, Fragment>();
  private readonly nonce = randomBytes(6).toString('hex');

  /** `ctx`: the untracked context of this content snapshot (fragments track their own reads, named by `deps`: trackReads). */
  constructor(
    private readonly ctx: RenderContext,
    private readonly deps: Record<string, string | ((key: string) => string)>,
    /** The JSON-LD rules the checks apply (the engine's and the site's plugins'). */
    private readonly jsonLdRules?: JsonLdRules,
  ) {}

  /** What <Shared id> renders in the page: the fragment's placeholder (after its image preloads). */
  use(id: string, node: ReactNode): string {
    let entry = this.byId.get(id);
    if (!entry) {
      entry = { token: `${OPEN}${this.nonce}${this.byId.size}${CLOSE}`, fragment: this.render(node) };
      this.byId.set(id, entry);
      this.byToken.set(entry.token, entry.fragment);
    }
    for (const href of entry.fragment.preloads) preload(href, { as: 'image' });
    return entry.token;
  }

  private render(node: ReactNode): Fragment {
    const deps = new Set<string>();
    let html = renderToStaticMarkup(<SiteContext.Provider value={trackReads(this.ctx, this.deps, (d) => deps.add(d))}>{node}</SiteContext.Provider>);
    // Without a <head> to hoist into, React writes a fragment's image preloads first.
    const preloads: string[] = [];
    for (let m = leadingPreload.exec(html); m; m = leadingPreload.exec(html)) {
      // Only a plain image preload can be handed back as it was; anything else would be lost silently.
      const href = imageHref.exec(m[1]!);
      if (!href) throw new Error(`a <Shared> subtree makes React preload something it cannot pass on to the page: ${m[0]}`);
      preloads.push(decodeHref(href[1]!));
      html = html.slice(m[0].length);
    }
    return { html, bytes: Buffer.from(html), deps: [...deps].sort(), scan: scanFragment(html, this.jsonLdRules), preloads };
  }

  /** A rendered page cut at its placeholders; join() of the parts is the final HTML. */
  parts(html: string): PageParts {
    const parts: PageParts = [];
    const marker = OPEN + this.nonce;
    let pos = 0;
    for (let at = html.indexOf(marker); at >= 0; at = html.indexOf(marker, pos)) {
      const end = html.indexOf(CLOSE, at);
      const fragment = this.byToken.get(html.slice(at, end + 1));
      if (end < 0 || !fragment) throw new Error(`unknown shared fragment placeholder at ${at}`);
      if (at > pos) parts.push(html.slice(pos, at));
      parts.push(fragment);
      pos = end + 1;
    }
    if (pos < html.length) parts.push(html.slice(pos));
    return parts;
  }
}

/** The final HTML of a page's parts. */
export const joinParts = (parts: PageParts): string => parts.map((p) => (typeof p === 'string' ? p : p.html)).join('');

/**
 * The page's bytes in pieces, for a hash and a vectored write: only the page's own markup is encoded, a
 * fragment's bytes are shared. Concatenated, they are the UTF-8 of joinParts(parts).
 */
export const partBytes = (parts: PageParts): Uint8Array[] => parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p.bytes));

/** Content files a page read through its fragments. */
export const fragmentDeps = (parts: PageParts): string[] => parts.flatMap((p) => (typeof p === 'string' ? [] : p.deps));
