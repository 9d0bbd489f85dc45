import { createRequire } from 'node:module';

let found: string | null | undefined;

/**
 * The Deno executable of the `deno` npm package (its install_api.cjs), or
 * null when the package is not installed. Not node_modules/.bin/deno: that
 * is a Node wrapper running Deno as its child, which outlives a signal sent
 * to the wrapper.
 */
export function denoBinary(): string | null {
  if (found !== undefined) return found;
  try {
    found = (createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string }).runInstall();
  } catch {
    found = null;
  }
  return found;
}
