/**
 * Turns a React component into an island mount: hydrate the server HTML
 * with the same props. The returned promise settles once React has
 * committed the hydration (its effects ran), so the loader holds back
 * submits until the form's own handlers are really attached.
 */
import { useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Mount } from './registry.ts';

function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

export function mountReact<P extends object>(Component: ComponentType<P>): Mount {
  return (el, props) =>
    new Promise<void>((resolve) => {
      // <Committed> renders nothing, so the tree still matches the server HTML.
      hydrateRoot(
        el,
        <>
          <Component {...(props as P)} />
          <Committed onCommit={resolve} />
        </>,
      );
    });
}
