/**
 * Stack frames as the source has them. The generator runs from esbuild bundles (selfBundle.mjs), each with
 * its source map beside it (<bundle>.map); a frame in a bundle is mapped to the file and line it was
 * bundled from. A map is read only here, when an error is being reported, never at start. Frames in no
 * bundle (the generator run from its source) are kept as they are.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StackFrame } from './parseStack.ts';

const maps = new Map<string, SourceMap | null>();

function mapOf(bundle: string): SourceMap | null {
  if (!maps.has(bundle)) {
    const file = `${bundle}.map`;
    let map: SourceMap | null = null;
    try {
      if (/\.[cm]js$/.test(bundle) && existsSync(file)) map = new SourceMap(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      map = null;
    }
    maps.set(bundle, map);
  }
  return maps.get(bundle)!;
}

/** `frame` with an absolute path as its file, in the source the bundle was made from when there is a map. */
export function sourceFrame(frame: StackFrame): StackFrame {
  const file = frame.file.startsWith('file:') ? fileURLToPath(frame.file) : frame.file;
  const map = mapOf(file);
  const hit = map?.findEntry(frame.line - 1, frame.column - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number } | undefined;
  if (!hit?.originalSource) return { ...frame, file };
  // A map names the site's files from its own folder, the rest by file URL (selfBundle.mjs: relocatedMap).
  const source = hit.originalSource.startsWith('file:') ? fileURLToPath(hit.originalSource) : path.resolve(path.dirname(file), hit.originalSource);
  return { ...frame, file: source, line: hit.originalLine! + 1, column: hit.originalColumn! + 1 };
}
