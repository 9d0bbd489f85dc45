/**
 * `npm run bench -- --lines`: how many lines the speed machinery of `site build` takes, file by file and,
 * where a layer is part of a file, by that part (a function or method with the comment above it). Lines
 * that are part of a file counted whole are shown beneath it and not counted twice. For the before and
 * after of removing a layer (`npm run bench -- --ablate` says which gain nothing). Pure apart from
 * reading the files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Piece {
  layer: string;
  file: string;
  /** A part of the file: from the line matching `from` (with the doc comment above it) to `until`. */
  part?: { name: string; from: RegExp; until: 'block' | 'eof' };
  /** A part of a file already counted whole above: shown, not added to the total. */
  within?: boolean;
}

export const SPEED_MACHINERY: Piece[] = [
  { layer: 'workers (shards)', file: 'generator/shards/ShardPool.ts' },
  { layer: 'workers (shards)', file: 'generator/shards/ShardState.ts' },
  { layer: 'workers (shards)', file: 'generator/shards/shardProtocol.ts' },
  { layer: 'workers (shards)', file: 'generator/shards/shardWorker.ts' },
  { layer: 'codeCache', file: 'generator/runBundle.cjs' },
  { layer: 'cache (packs, keys, stamps)', file: 'generator/cache/BuildCache.ts' },
  { layer: 'packDeltas', file: 'generator/cache/BuildCache.ts', part: { name: 'fitsDelta', from: /^export const fitsDelta/, until: 'block' }, within: true },
  { layer: 'packDeltas', file: 'generator/cache/BuildCache.ts', part: { name: 'readPackDelta', from: /^ {2}readPackDelta</, until: 'block' }, within: true },
  { layer: 'packDeltas', file: 'generator/cache/BuildCache.ts', part: { name: 'writePackDeltaAsync', from: /^ {2}writePackDeltaAsync\(/, until: 'block' }, within: true },
  { layer: 'cache (packs, keys, stamps)', file: 'generator/render/pageKey.ts' },
  { layer: 'cache (packs, keys, stamps)', file: 'generator/cache/sourceKey.ts' },
  { layer: 'cache (packs, keys, stamps)', file: 'generator/cache/readSources.ts' },
  { layer: 'cache (packs, keys, stamps)', file: 'generator/core/stampOf.ts' },
  { layer: 'cache (packs, keys, stamps)', file: 'generator/core/contentHash.ts' },
  { layer: 'cache (packs, keys, stamps)', file: 'generator/cache/cachedAsset.ts' },
  { layer: 'cache (packs, keys, stamps)', file: 'generator/cache/claimCacheDir.ts' },
  { layer: 'cache and shards (the two stages)', file: 'generator/stages/readEntries.ts' },
  { layer: 'cache and shards (the two stages)', file: 'generator/stages/renderPages.ts' },
  { layer: 'buildRecord', file: 'generator/stages/buildRecord.ts' },
  { layer: 'shared', file: 'generator/render/Shared.tsx' },
  { layer: 'shared', file: 'generator/render/SharedFragments.tsx' },
  { layer: 'regexTable', file: 'generator/content/regexTable.ts' },
  { layer: 'switches (measurement)', file: 'generator/core/speedLayers.cjs' },
];

/** The lines of `piece` in `text`: the whole file, or its part. */
export function pieceLines(text: string, part?: Piece['part']): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  if (!part) return lines;
  let start = lines.findIndex((l) => part.from.test(l));
  if (start < 0) throw new Error(`no line matches ${part.from} (${part.name})`);
  const indent = /^\s*/.exec(lines[start]!)![0];
  let end = lines.length - 1;
  if (part.until === 'block') {
    end = lines.findIndex((l, i) => i > start && (l === `${indent}}` || l.startsWith(`${indent}};`) || l.startsWith(`${indent}});`)));
    // A one-line declaration (`export const f = (...) => ...;`) is its own block.
    if (lines[start]!.trimEnd().endsWith(';')) end = start;
    if (end < 0) throw new Error(`${part.name} does not end`);
  }
  // The doc comment right above it.
  if (lines[start - 1]?.trim().endsWith('*/')) while (start > 0 && !lines[start]!.trim().startsWith('/**')) start--;
  return lines.slice(start, end + 1);
}

/** Lines that are code: not blank, not only a comment. */
export const codeLines = (lines: string[]): number =>
  lines.filter((l) => {
    const t = l.trim();
    return t !== '' && !t.startsWith('//') && !t.startsWith('/*') && !t.startsWith('*');
  }).length;

export function speedLines(root: string): void {
  console.log('\n| layer | file | part | lines | code lines |\n|---|---|---|---|---|');
  let total = 0;
  let code = 0;
  const byLayer = new Map<string, number>();
  for (const p of SPEED_MACHINERY) {
    const lines = pieceLines(readFileSync(path.join(root, p.file), 'utf8'), p.part);
    const c = codeLines(lines);
    console.log(`| ${p.layer} | ${p.file} | ${p.part ? `${p.within ? 'of which ' : ''}${p.part.name}` : 'whole file'} | ${lines.length} | ${c} |`);
    if (p.within) continue;
    total += lines.length;
    code += c;
    byLayer.set(p.layer, (byLayer.get(p.layer) ?? 0) + lines.length);
  }
  console.log(`| **total** | | | **${total}** | **${code}** |`);
  console.log(`\nBy layer (lines): ${[...byLayer].map(([l, n]) => `${l} ${n}`).join(', ')}.`);
}
