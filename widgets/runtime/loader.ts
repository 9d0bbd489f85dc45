/**
 * The island loader: the one script every page loads. No React inside.
 * It finds [data-island] nodes, waits for each one's data-hydrate strategy,
 * imports the island's chunk and mounts it with its JSON props. A submit
 * that woke an island is replayed once the island is mounted.
 */
import { islands } from './islands.ts';
import { schedule, type Strategy } from './strategies.ts';
import { polyfillInvokers } from './polyfillInvokers.ts';

export async function mountIsland(el: HTMLElement, trigger?: Event): Promise<void> {
  const name = el.dataset.island!;
  const load = islands[name];
  if (!load) return console.error(`Unknown island "${name}"`);
  try {
    const props = el.dataset.props ? (JSON.parse(el.dataset.props) as Record<string, unknown>) : {};
    const mod = await load();
    await mod.default(el, props);
  } catch (e) {
    // One broken island must not take the others down; the server HTML stays usable.
    return console.error(`Island "${name}" failed to start:`, e);
  }
  el.dataset.hydrated = '';
  if (trigger?.type === 'submit' && trigger.target instanceof HTMLFormElement) {
    // Let React commit its listeners before replaying the visitor's submit.
    requestAnimationFrame(() => (trigger.target as HTMLFormElement).requestSubmit());
  }
}

export function startIslands(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrated])')) {
    schedule(el, (el.dataset.hydrate ?? 'load') as Strategy, (e) => void mountIsland(el, e));
  }
}

polyfillInvokers();
startIslands();
