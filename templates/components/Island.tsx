/**
 * Marks an island in the HTML: data-island (its name in
 * widgets/runtime/islands.ts), data-hydrate (load | idle | visible |
 * interaction) and data-props (JSON; React escapes it as an attribute, so
 * "</script>" or quotes cannot break out). A React island passes
 * `component`: its server HTML comes from renderToString so hydration
 * matches. A plain-DOM island passes its server markup as children.
 */
import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';

export type Hydrate = 'load' | 'idle' | 'visible' | 'interaction';

interface IslandProps<P extends object> {
  name: string;
  hydrate: Hydrate;
  props?: P;
  component?: ComponentType<P>;
  children?: ReactNode;
  as?: 'div' | 'section' | 'span' | 'dialog' | 'header' | 'form';
  [attr: `data-${string}` | `aria-${string}`]: unknown;
  className?: string;
  id?: string;
}

export function Island<P extends object>({ name, hydrate, props, component: Component, children, as = 'div', ...rest }: IslandProps<P>) {
  const attrs = {
    ...rest,
    'data-island': name,
    'data-hydrate': hydrate,
    'data-props': props ? JSON.stringify(props) : undefined,
  };
  if (Component) {
    return createElement(as, { ...attrs, dangerouslySetInnerHTML: { __html: renderToString(<Component {...(props as P)} />) } });
  }
  return createElement(as, attrs, children);
}
