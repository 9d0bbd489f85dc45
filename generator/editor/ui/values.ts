/** Reading and writing a value at a path of the form's data object. */
export type Path = (string | number)[];

export function getAt(data: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined), data);
}

/** Sets `value` at `path` (undefined removes the key), making the objects and arrays on the way. */
export function setAt(data: Record<string, unknown>, path: Path, value: unknown): void {
  let at: Record<string | number, unknown> = data;
  for (let i = 0; i < path.length - 1; i++) {
    const k = path[i]!;
    if (!at[k] || typeof at[k] !== 'object') at[k] = typeof path[i + 1] === 'number' ? [] : {};
    at = at[k] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === undefined && !Array.isArray(at)) delete at[last];
  else at[last] = value;
}
