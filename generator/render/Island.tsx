/**
 * Marks an island in the HTML: data-island (its name: the file
 * widgets/islands/<name>.ts or .tsx of the site), data-hydrate (load | idle | visible |
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

/**
 * Server HTML of React islands by component and props. An island renders from its props alone (the
 * browser hydrates it from the same data-props), so equal props give equal HTML: a site of thousands of
 * pages renders each island's markup once, not once per page.
 */
const serverHtml = new WeakMap<ComponentType<never>, Map<string, string>>();

function islandHtml<P extends object>(Component: ComponentType<P>, props: P | undefined, json: string): string {
  let byProps = serverHtml.get(Component as ComponentType<never>);
  if (!byProps) serverHtml.set(Component as ComponentType<never>, (byProps = new Map()));
  let html = byProps.get(json);
  if (html === undefined) byProps.set(json, (html = renderToString(<Component {...(props as P)} />)));
  return html;
}

export function Island<P extends object>({ name, hydrate, props, component: Component, children, as = 'div', ...rest }: IslandProps<P>) {
  const json = props ? JSON.stringify(props) : undefined;
  const attrs = {
    ...rest,
    'data-island': name,
    'data-hydrate': hydrate,
    'data-props': json,
  };
  if (Component) {
    return createElement(as, { ...attrs, dangerouslySetInnerHTML: { __html: islandHtml(Component, props, json ?? '') } });
  }
  return createElement(as, attrs, children);
}
