/**
 * The island loader: the one script every page loads. No React inside.
 * It finds [data-island] nodes, waits for each one's data-hydrate strategy,
 * imports the island's chunk and mounts it with its JSON props.
 *
 * A visitor can submit a form before its island is ready (a fast click, or
 * before "idle" came). Such a submit is held back (the browser would
 * otherwise leave the page with the values in the URL), wakes the island at
 * once, and is replayed when the island has mounted.
 */
import { islands } from './registry.ts';
import { schedule, type Strategy } from './strategies.ts';
import { polyfillInvokers } from './polyfillInvokers.ts';

/** Kept on each woken island element: the submit (if any) waiting for it, and its mount. */
const WOKEN = Symbol.for('site.island');
type Woken = { pending: HTMLFormElement | null; mounted: Promise<void> };
type IslandElement = HTMLElement & { [WOKEN]?: Woken };
const shared = globalThis as { __siteHoldsSubmits?: boolean };

/** Wakes an island (once; later calls only add a held submit) and resolves when it is mounted. */
export function mountIsland(el: IslandElement, trigger?: Event): Promise<void> {
  const form = trigger?.type === 'submit' && trigger.target instanceof HTMLFormElement ? trigger.target : null;
  const already = el[WOKEN];
  if (already) {
    already.pending = form ?? already.pending;
    return already.mounted;
  }
  const state: Woken = { pending: form, mounted: Promise.resolve() };
  el[WOKEN] = state;
  state.mounted = mount(el, state);
  return state.mounted;
}

async function mount(el: HTMLElement, state: { pending: HTMLFormElement | null }): Promise<void> {
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
  if (state.pending) replaySubmit(state.pending);
}

/**
 * Replays a held submit on the next frame. Should nothing handle it (React
 * still busy on a loaded machine), it is held again and retried.
 */
function replaySubmit(form: HTMLFormElement, tries = 60): void {
  requestAnimationFrame(() => {
    const unhandled = (e: Event) => {
      if (e.target !== form || e.defaultPrevented) return;
      e.preventDefault();
      if (tries > 0) replaySubmit(form, tries - 1);
    };
    addEventListener('submit', unhandled);
    try {
      form.requestSubmit();
    } finally {
      removeEventListener('submit', unhandled);
    }
  });
}

/**
 * Holds any submit inside an island that is not mounted yet, and wakes that island now. A held submit
 * goes no further than this listener: an island whose handlers are attached before its mount settles
 * (React's, from hydrateRoot until its effects ran) would otherwise handle it, and then its replay: the
 * form sent twice.
 */
function holdEarlySubmits(): void {
  if (shared.__siteHoldsSubmits) return;
  shared.__siteHoldsSubmits = true;
  document.addEventListener(
    'submit',
    (e) => {
      const el = (e.target as Element | null)?.closest?.<HTMLElement>('[data-island]:not([data-hydrated])');
      if (!el) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      void mountIsland(el, e);
    },
    true,
  );
}

export function startIslands(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-island]:not([data-hydrated])')) {
    schedule(el, (el.dataset.hydrate ?? 'load') as Strategy, (e) => void mountIsland(el, e));
  }
}

polyfillInvokers();
holdEarlySubmits();
startIslands();
