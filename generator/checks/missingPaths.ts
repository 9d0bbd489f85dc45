/**
 * The required property paths a JSON-LD node lacks. A path is a property name, `a.b` for a property
 * of a property (every value of `a` when it is a list, named by its index), or `a|b` when any one of
 * them will do. Absent, null and empty values are missing. Pure.
 */
type Node = Record<string, unknown>;

const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** The missing part of one path under `node` ("" when nothing is missing), named from `prefix`. */
function missingPath(node: unknown, keys: readonly string[], prefix: string): string {
  const [key, ...rest] = keys as [string, ...string[]];
  const value = node && typeof node === 'object' ? (node as Node)[key] : undefined;
  const name = prefix ? `${prefix}.${key}` : key;
  if (!present(value)) return name;
  if (!rest.length) return '';
  if (!Array.isArray(value)) return missingPath(value, rest, name);
  for (const [i, item] of value.entries()) {
    const lack = missingPath(item, rest, `${name}[${i}]`);
    if (lack) return lack;
  }
  return '';
}

/** What of `paths` the node lacks, in their order: "a.b", or "a, b or c" when none of the alternatives is there. */
export function missingPaths(node: Node, paths: readonly string[]): string[] {
  const lacks = paths.flatMap((path) => {
    const options = path.split('|').map((p) => missingPath(node, p.split('.'), ''));
    if (options.some((lack) => lack === '')) return [];
    return [options.length === 1 ? options[0]! : `${options.slice(0, -1).join(', ')} or ${options.at(-1)}`];
  });
  // `a.b` and `a.c` both name `a` when it is missing: once is enough.
  return [...new Set(lacks)];
}
