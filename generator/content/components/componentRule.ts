/**
 * Renders an article's component tokens (finishTokens makes them of the markers placeComponents wrote) to
 * HTML at build time, with React's renderToString as templates are: a leaf whole, a container's opening
 * as its HTML up to where the component puts its children (the markdown between the lines, rendered by
 * the engine in place) and its closing as the rest. An <Island> inside writes its data-island markers as
 * it does in a template, and the page's loader hydrates it.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { RendererRule } from 'markdown-it';
import type { SiteEnv } from '../markdownFinish/siteEnv.ts';
import type { ComponentCall } from './componentCalls.ts';

/** Where a container's children go: text React writes as it is (no character of it is escaped). */
const SLOT = '\uE000site-children\uE000';

export const componentRule: RendererRule = (tokens, idx, _options, env: SiteEnv) => {
  const components = env.components!;
  const call = components.calls[tokens[idx]!.meta as number]!;
  if (call.kind === 'close') return components.after.pop() ?? '';
  if (call.kind === 'leaf') return `${render(call)}\n`;
  const html = render(call, SLOT);
  const slot = html.indexOf(SLOT);
  // A component that shows no children: the markdown between its lines follows its HTML.
  components.after.push(slot < 0 ? '' : `${html.slice(slot + SLOT.length)}\n`);
  return `${slot < 0 ? html : html.slice(0, slot)}\n`;
};

/**
 * The HTML of each component by props, as <Island> keeps its server HTML: a component renders from its
 * props alone (no context reaches it), so equal props give equal HTML, and a site whose articles place
 * the same component alike renders it once. Bounded: emptied when full.
 */
const rendered = new WeakMap<object, Map<string, string>>();
const KEPT = 256;

function render(call: ComponentCall, children?: string): string {
  const component = call.component!;
  let byProps = rendered.get(component);
  if (!byProps) rendered.set(component, (byProps = new Map()));
  const key = `${children === undefined ? 'leaf' : 'open'}:${JSON.stringify(call.props)}`;
  let html = byProps.get(key);
  if (html === undefined) {
    if (byProps.size >= KEPT) byProps.clear();
    html = renderToString(children === undefined ? createElement(component, call.props) : createElement(component, call.props, children));
    byProps.set(key, html);
  }
  return html;
}
