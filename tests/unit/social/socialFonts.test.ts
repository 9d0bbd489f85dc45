/** The fonts of the social cards: read from templates/, keyed, and refused with a clear reason. */
import { mkdtemp, mkdir, rm, writeFile, copyFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteError } from '../../../generator/core/errors.ts';
import { loadSocialFonts } from '../../../generator/social/socialFonts.ts';

const inter = new URL('../../../templates/fonts/inter-latin-700-normal.woff', import.meta.url);
let root: string;
let templates: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-social-fonts-'));
  templates = path.join(root, 'templates');
  await mkdir(path.join(templates, 'fonts'), { recursive: true });
  await copyFile(inter, path.join(templates, 'fonts', 'inter.woff'));
  await copyFile(inter, path.join(root, 'outside.woff'));
  await writeFile(path.join(templates, 'fonts', 'broken.ttf'), 'not a font');
  await writeFile(path.join(templates, 'fonts', 'inter.woff2'), 'wOF2');
});
afterAll(() => rm(root, { recursive: true, force: true }));

function refusal(file: string): SiteError {
  try {
    loadSocialFonts([{ file, name: 'Inter' }], root, templates);
  } catch (e) {
    expect(e).toBeInstanceOf(SiteError);
    return e as SiteError;
  }
  throw new Error('expected a SiteError');
}

describe('loadSocialFonts', () => {
  it('reads fonts in templates/, with weight 400 and normal style unless told, and keys them by name, weight, style and bytes', () => {
    const a = loadSocialFonts([{ file: 'templates/fonts/inter.woff', name: 'Inter' }], root, templates);
    expect(a.fonts.map(({ name, weight, style }) => ({ name, weight, style }))).toEqual([{ name: 'Inter', weight: 400, style: 'normal' }]);
    expect(a.coverage.length).toBeGreaterThan(5);
    const bold = loadSocialFonts([{ file: 'templates/fonts/inter.woff', name: 'Inter', weight: 700 }], root, templates);
    expect(bold.key).not.toBe(a.key);
    expect(loadSocialFonts([{ file: 'templates/fonts/inter.woff', name: 'Inter' }], root, templates).key).toBe(a.key);
  });

  it('refuses a font outside templates/, a missing one, a woff2 and a file that is no font, naming the file', () => {
    expect(refusal('outside.woff').message).toBe('site.config.ts: socialImages.fonts names outside.woff, which is not inside the templates folder.');
    expect(refusal('templates/fonts/missing.woff').message).toMatch(/names templates\/fonts\/missing\.woff, which does not exist\.$/);
    expect(refusal('templates/fonts/inter.woff2').message).toMatch(/is not a \.woff, \.ttf or \.otf file\./);
    expect(refusal('templates/fonts/broken.ttf').message).toMatch(/is not a font file the build can read/);
    expect(refusal('outside.woff').hint).toMatch(/templates folder/);
  });
});
