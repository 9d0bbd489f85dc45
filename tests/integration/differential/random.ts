/** A seeded source of choices (mulberry32): the same seed gives the same sites and edits on every machine. Pure. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` different items of `items` (fewer when it has fewer), in `items`' order. */
  some<T>(items: readonly T[], count: number): T[];
  /** A source of its own, for one part of a plan: what it draws does not shift the others'. */
  fork(label: string): Random;
}

export function random(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[int(0, items.length - 1)]!,
    some: (items, count) => {
      const chosen = new Set<number>();
      while (chosen.size < Math.min(count, items.length)) chosen.add(int(0, items.length - 1));
      return [...chosen].sort((a, b) => a - b).map((i) => items[i]!);
    },
    fork: (label) => random([...label].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, (seed ^ 2166136261) >>> 0)),
  };
}
