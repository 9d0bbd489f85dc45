/**
 * The island registry: island name (data-island="...") -> its chunk. Written here empty; the widget
 * bundle replaces this module with one generated from the site's widgets/islands/ folder
 * (generator/assets/islandRegistry.ts): every file `<Name>.ts` or `<Name>.tsx` there is the island
 * `<Name>`. esbuild turns each entry into its own lazily loaded chunk; React is shared between the
 * React islands.
 */
export type Mount = (el: HTMLElement, props: Record<string, unknown>) => void | Promise<void>;

export const islands: Record<string, () => Promise<{ default: Mount }>> = {};
