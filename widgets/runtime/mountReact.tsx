/** Turns a React component into an island mount: hydrate the server HTML with the same props. */
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Mount } from './islands.ts';

export function mountReact<P extends object>(Component: ComponentType<P>): Mount {
  return (el, props) => {
    hydrateRoot(el, <Component {...(props as P)} />);
  };
}
