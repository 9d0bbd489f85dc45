/**
 * What a build tells: the report `site build` prints and the build record keeps (pages, files, bytes,
 * what came from the cache, the JavaScript report, what was held back), from the stages' results.
 */
import type { JsReport } from '../assets/checkBudgets.ts';
import type { BuildReport } from './buildRecord.ts';
import type { HeldBack } from '../content/selectPublished.ts';
import type { BuiltPage } from './pageAnalysers.ts';
import type { OutputFiles } from '../output/writeOutput.ts';

export interface ReportInput {
  pages: readonly BuiltPage[];
  /** Pages taken from the cache. */
  cachedPages: number;
  /** Every output file but the pages, the content images and the social images. */
  others: OutputFiles;
  images: { files: { bytes: number }[]; encoded: number; cached: number; named: number };
  /** Social images placed: their files and bytes; null when none were made. */
  social: { files: Map<string, unknown>; bytes: number; counts: { made: number; cached: number } } | null;
  /** 'off': the site has social images and the build was told to make none. */
  socialOff: boolean;
  entries: { total: number; parsed: number };
  workers: number;
  js: JsReport;
  held: HeldBack;
}

const sizeOf = (data: string | Uint8Array) => (typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength);

export function buildReport(input: ReportInput): BuildReport {
  const { pages, others, images, social } = input;
  let bytes = 0;
  for (const data of others.values()) bytes += sizeOf(data);
  for (const p of pages) bytes += p.bytes;
  for (const f of images.files) bytes += f.bytes;
  bytes += social?.bytes ?? 0;
  const socialReport = social ? social.counts : input.socialOff ? ('off' as const) : undefined;
  return {
    pages: pages.length,
    files: others.size + pages.length + images.files.length + (social?.files.size ?? 0),
    bytes,
    cache: {
      entries: { parsed: input.entries.parsed, cached: input.entries.total - input.entries.parsed },
      pages: { rendered: pages.length - input.cachedPages, cached: input.cachedPages },
    },
    workers: input.workers,
    js: input.js,
    ...(input.held.drafts.length || input.held.scheduled.length ? { held: input.held } : {}),
    ...(images.named ? { images: { encoded: images.encoded, cached: images.cached } } : {}),
    ...(socialReport ? { social: socialReport } : {}),
  };
}
