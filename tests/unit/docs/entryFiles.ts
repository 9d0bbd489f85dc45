/**
 * The files a site imports the engine through: package.json `exports` when it has any (each entry's
 * `types` condition, else its `default` or `import`; modules only), else the entry points the bundlers and
 * tsconfig.json alias (the engine's name, in islands too, and its search subpath). Pure.
 */

/** The public entry points while package.json has no `exports`. */
export const DEFAULT_ENTRIES = ['generator/site/api.ts', 'generator/islands/index.ts', 'generator/islands/searchIndex.ts'] as const;

/** A file that is a module (TypeScript or JavaScript, declarations included). */
const SCRIPT = /\.[mc]?[jt]sx?$/;

/** The conditions whose file holds what an entry exports, in the order they are tried. */
const CONDITIONS = ['types', 'default', 'import'] as const;

/** An `exports` value's file: a path, or the first of CONDITIONS present (conditions may nest). */
function targetOf(subpath: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return targetOf(subpath, value[0]);
  if (value && typeof value === 'object') {
    for (const condition of CONDITIONS) if (condition in value) return targetOf(subpath, (value as Record<string, unknown>)[condition]);
  }
  throw new Error(`package.json exports["${subpath}"] has no ${CONDITIONS.join(', ')} condition naming a file`);
}

/** The entry files (relative to the package root, no leading "./"), each once, in the order given. */
export function entryFiles(pkg: { exports?: unknown }): string[] {
  const { exports } = pkg;
  if (exports === undefined) return [...DEFAULT_ENTRIES];
  // "exports": "./x.ts" or { "types": …, "default": … } is the package's one entry, ".".
  const subpaths =
    typeof exports === 'string' || Array.isArray(exports) || !Object.keys(exports as object).some((k) => k.startsWith('.'))
      ? { '.': exports }
      : (exports as Record<string, unknown>);
  const files = Object.entries(subpaths).map(([subpath, value]) => {
    if (subpath.includes('*')) throw new Error(`package.json exports["${subpath}"] is a pattern: list its entry files one by one so their names are checked`);
    return targetOf(subpath, value).replace(/^\.\//, '');
  });
  // A module exports names; "./package.json" or a stylesheet does not.
  return [...new Set(files.filter((f) => SCRIPT.test(f)))];
}
