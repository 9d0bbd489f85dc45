/**
 * What every template may read besides its props: the site settings, the
 * resolved site URL, the asset URLs and the route table. Provided once per
 * page by generator/render/renderPage.tsx.
 */
import { createContext, useContext } from 'react';
import type { Content } from '../generator/content/load.ts';
import type { Route } from '../generator/routes.ts';

export interface RenderContext {
  content: Content;
  routes: Route[];
  siteUrl: string;
  /** Hashed URL of a file in templates/static/. */
  asset: (name: string) => string;
}

export const SiteContext = createContext<RenderContext | null>(null);

export function useSite(): RenderContext {
  const ctx = useContext(SiteContext);
  if (!ctx) throw new Error('useSite() outside of renderPage');
  return ctx;
}
