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

const render = (call: ComponentCall, children?: string): string =>
  renderToString(children === undefined ? createElement(call.component!, call.props) : createElement(call.component!, call.props, children));
