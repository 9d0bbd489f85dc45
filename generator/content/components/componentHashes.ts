/**
 * The source of each article component, as a hash: its file `components/<Name>.tsx` (or .ts, .jsx, .js)
 * in the site's folder and every file it imports by a relative path, transitively. A page that places a
 * component depends on this hash (`componentDep`), not on the templates' key: a component's edit
 * re-renders the articles that place it and no other page. A component without such a file has a hash
 * that never matches: the pages that place it always render again.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { hashParts } from '../../core/contentHash.ts';

/** The folder of a site's article components, next to templates/. */
export const COMPONENTS_DIR = 'components';

/** A page's dependency on the component `name` (trackReads' names for content; this one is a component's). */
export const componentDep = (name: string): string => `component:${name}`;

const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js'];
/** A relative import: `from './x'`, `import '../../cache/x'`, `import('../../cache/x')`. */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"\n]+)['"]/g;

/** The hash of each component's source, by its dependency name (componentDep). */
export function componentHashes(root: string, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [componentDep(name), sourceHash(path.join(root, COMPONENTS_DIR, name))]));
}

function sourceHash(base: string): string {
  const first = existing(base);
  if (first === null) return `missing:${Math.random()}`;
  const seen = new Map<string, Buffer>();
  const queue = [first];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const bytes = readFileSync(file);
    seen.set(file, bytes);
    for (const m of bytes.toString('utf8').matchAll(RELATIVE_IMPORT)) {
      const found = existing(path.resolve(path.dirname(file), m[1]!));
      if (found !== null && !found.includes(`${path.sep}node_modules${path.sep}`)) queue.push(found);
    }
  }
  return hashParts([...seen].sort(([a], [b]) => (a < b ? -1 : 1)).flatMap(([file, bytes]) => [path.relative(path.dirname(base), file), bytes.toString('utf8')]));
}

/** The file an import names: as written, with an extension added, or its folder's index; null when none exists. */
function existing(file: string): string | null {
  for (const candidate of [file, ...EXTENSIONS.map((e) => file + e), ...EXTENSIONS.map((e) => path.join(file, `index${e}`))]) {
    if (/\.(?:[cm]?[jt]sx?|json)$/.test(candidate) && statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return null;
}

/** A rendered markdown file of a file or record collection that places components (its `components`). */
const placing = (v: unknown): v is { file: string; components: string[] } =>
  typeof v === 'object' && v !== null && typeof (v as { file?: unknown }).file === 'string' && Array.isArray((v as { components?: unknown }).components);

/**
 * The components each markdown file of the file and record collections places, by file: a page that reads
 * such a file depends on them too. List collections (arrays) are left out: their entries' pages get theirs
 * from their own render. Pure.
 */
export function componentsOfFiles(collections: Record<string, unknown>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const value of Object.values(collections)) {
    if (Array.isArray(value) || typeof value !== 'object' || value === null) continue;
    for (const doc of placing(value) ? [value] : Object.values(value)) if (placing(doc)) found.set(doc.file, doc.components);
  }
  return found;
}

/**
 * Whether a file of `templatesDir` imports a file of the site's components/ by a relative path. Such a
 * template renders the component itself, outside any article: the templates' key must then cover
 * components/ too (buildKey.ts's siteSources), or an edit to it would leave that template's pages stale.
 */
export function templatesImportComponents(root: string, templatesDir: string): boolean {
  const components = path.join(root, COMPONENTS_DIR) + path.sep;
  let files: string[];
  try {
    files = readdirSync(templatesDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(?:[cm]?[jt]sx?)$/.test(e.name))
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return false;
  }
  return files.some((file) =>
    [...readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)].some((m) => path.resolve(path.dirname(file), m[1]!).startsWith(components)),
  );
}
