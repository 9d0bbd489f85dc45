/**
 * The fonts of a site's social cards, read from its templates folder, and the key of what they are
 * (names, weights, styles and bytes): part of every card's image key. Fonts must live under templates/,
 * which the build's own key covers, so a changed font also reaches the pages that name its images and
 * the up-to-date check (generator/stages/buildRecord.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hashParts } from '../core/contentHash.ts';
import { SiteError } from '../core/errors.ts';
import type { SocialFont } from '../site/defineConfig.ts';
import { fontCoverage, unionCoverage, type Coverage } from './fontCoverage.ts';

export interface LoadedFont {
  name: string;
  data: Buffer;
  weight: NonNullable<SocialFont['weight']>;
  style: NonNullable<SocialFont['style']>;
}

const READABLE = /\.(woff|ttf|otf)$/i;

/**
 * The fonts as satori takes them, their key and the characters they can draw. Throws SocialFontMissing
 * for a font that cannot be used.
 */
export function loadSocialFonts(fonts: readonly SocialFont[], root: string, templatesDir: string): { fonts: LoadedFont[]; key: string; coverage: Coverage } {
  const coverages: Coverage[] = [];
  const loaded = fonts.map((f): LoadedFont => {
    const file = path.resolve(root, f.file);
    if (!file.startsWith(templatesDir + path.sep)) throw new SiteError('SocialFontMissing', { file: f.file, reason: 'is not inside the templates folder' });
    if (!READABLE.test(file)) throw new SiteError('SocialFontMissing', { file: f.file, reason: 'is not a .woff, .ttf or .otf file' });
    let data: Buffer;
    try {
      data = readFileSync(file);
    } catch {
      throw new SiteError('SocialFontMissing', { file: f.file, reason: 'does not exist' });
    }
    try {
      coverages.push(fontCoverage(data));
    } catch (e) {
      throw new SiteError('SocialFontMissing', { file: f.file, reason: `is not a font file the build can read (${e instanceof Error ? e.message : String(e)})` });
    }
    return { name: f.name, data, weight: f.weight ?? 400, style: f.style ?? 'normal' };
  });
  return { fonts: loaded, key: hashParts(loaded.flatMap((f) => [f.name, String(f.weight), f.style, f.data])), coverage: unionCoverage(coverages) };
}
