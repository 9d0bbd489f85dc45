/** A small element builder: tag, attributes, children (strings become text). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | undefined> = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/** An id made of a field's path ("nav.0.label" -> "f-nav-0-label"). */
export const idOf = (path: readonly (string | number)[]) => `f-${path.join('-').replace(/[^A-Za-z0-9_-]/g, '_')}`;
