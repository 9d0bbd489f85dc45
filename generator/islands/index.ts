/**
 * What an island imports from the engine in the browser: the widget bundle maps the engine's name here
 * (generator/assets/bundleWidgets.ts), not to the server's generator/site/api.ts, so no Node code
 * can reach a page. The server's entry (generator/site/api.ts) exports the same names.
 */
export { mountReact } from './mountReact.tsx';
export type { Mount } from './registry.ts';
