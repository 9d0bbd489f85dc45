/**
 * What every template may read besides its route: the content, the resolved
 * site URL, the asset URLs and the route table. Provided once per page by
 * renderPage.tsx (a view that records what the page reads: trackReads.ts).
 */
import { createContext, useContext } from 'react';
import type { RenderContext } from '../site/defineConfig.ts';

export const SiteContext = createContext<RenderContext | null>(null);

/** The render context, typed by the site (`useSite<Content, SiteRoute>()`). */
export function useSite<Content = Record<string, unknown>, R = unknown>(): RenderContext<Content, R & import('../site/defineConfig.ts').Route> {
  const ctx = useContext(SiteContext);
  if (!ctx) throw new Error('useSite() outside of renderPage');
  return ctx as unknown as RenderContext<Content, R & import('../site/defineConfig.ts').Route>;
}
