/**
 * Marks a subtree that many pages show the same way (the navigation, the
 * footer, an article's card). The build renders it once per `id` and
 * reuses the HTML on every page that shows it (generator/render/
 * SharedFragments.tsx). `id` must name everything the subtree's HTML
 * depends on besides the site's content: "nav /blog" for the navigation
 * with Blog current, "card blog/x.md 3" for article x's card under an h3.
 * Outside a page render (no provider), the subtree renders in place.
 */
import { createContext, useContext, type ReactNode } from 'react';

export interface FragmentStore {
  /** What the page renders instead of the subtree: a placeholder the store later replaces with its HTML. */
  use(id: string, node: ReactNode): string;
}

export const SharedContext = createContext<FragmentStore | null>(null);

export function Shared({ id, children }: { id: string; children: ReactNode }) {
  const store = useContext(SharedContext);
  return store ? store.use(id, children) : children;
}
