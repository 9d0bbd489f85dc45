/** The images a site's content names, each once, with the first file (and line) that names it. Pure. */
import type { ImageRef } from './imageTypes.ts';

/** A source and the first content file (and line) that names it: what an error about it points at. */
export interface NamedImage extends ImageRef {
  file: string;
}

/** Every image the content names, each once, with the first file and line that names it. */
export function namedImages(files: Iterable<{ file: string; refs?: ImageRef[] }>): NamedImage[] {
  const seen = new Map<string, NamedImage>();
  for (const { file, refs } of files) for (const r of refs ?? []) if (!seen.has(r.src)) seen.set(r.src, { ...r, file });
  return [...seen.values()].sort((a, b) => a.src.localeCompare(b.src));
}
