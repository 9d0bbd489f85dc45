/**
 * Where in a site's own code an error was thrown: the first frame of its stack (mapped to the source:
 * sourceFrames.ts) in a file of the site, neither the engine's nor a package's, as a path relative to the
 * site's folder (the nearest one up holding site.config.ts), with the site's frames below it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseStack } from './parseStack.ts';
import { sourceFrame } from './sourceFrames.ts';

export interface SiteSource {
  /** Relative to the site's folder, with forward slashes: templates/pages/TrailPage.tsx. */
  file: string;
  line: number;
  /** The site's frames, innermost first: "at TrailPage (templates/pages/TrailPage.tsx:12:9)". */
  frames: string[];
}

const engineDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The engine's files, packages, and a bundle whose map is missing (bundles live under .site/cache). */
const notTheSites = (file: string) => file.startsWith(engineDir + path.sep) || file.split(/[\\/]/).some((p) => p === 'node_modules' || p === '.site');

/** The folder of the site that holds `file`, or null. */
function siteRootOf(file: string): string | null {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'site.config.ts'))) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

export function siteSource(error: unknown): SiteSource | undefined {
  const stack = (error as Error)?.stack;
  if (typeof stack !== 'string') return undefined;
  const frames = parseStack(stack)
    .map(sourceFrame)
    .filter((f) => path.isAbsolute(f.file) && !notTheSites(f.file));
  const root = frames[0] && siteRootOf(frames[0].file);
  if (!root) return undefined;
  const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const own = frames.filter((f) => !rel(f.file).startsWith('..'));
  return {
    file: rel(own[0]!.file),
    line: own[0]!.line,
    frames: own.slice(0, 8).map((f) => `at ${f.name ? `${f.name} (` : ''}${rel(f.file)}:${f.line}:${f.column}${f.name ? ')' : ''}`),
  };
}
