/**
 * The island registry the browser loader imports (generator/islands/registry.ts), generated from a
 * listing of the site's widgets/islands/ folder: every file `<Name>.ts` or `<Name>.tsx` there is the
 * island `<Name>`, imported lazily, so esbuild gives each its own chunk named after it. Adding an
 * island is writing one file.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

const ISLAND_FILE = /^([A-Za-z][A-Za-z0-9_]*)\.tsx?$/;

/** Island name -> file name, for the files of a folder listing that are islands (sorted by name). */
export function islandFiles(names: string[]): [name: string, file: string][] {
  const found = new Map<string, string>();
  for (const file of [...names].sort()) {
    const m = ISLAND_FILE.exec(file);
    if (m && !found.has(m[1]!)) found.set(m[1]!, file);
  }
  return [...found];
}

/** The registry module's source: `export const islands = { Name: () => import(".../Name.tsx"), ... }`. */
export function registrySource(islandsDir: string, files: [name: string, file: string][]): string {
  const entries = files.map(([name, file]) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(path.join(islandsDir, file))}),`);
  return `export const islands = {\n${entries.join('\n')}\n};\n`;
}

/** The islands in a folder (none when it does not exist). */
export function listIslands(islandsDir: string): [name: string, file: string][] {
  try {
    return islandFiles(readdirSync(islandsDir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name));
  } catch {
    return [];
  }
}
