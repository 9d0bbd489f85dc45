/**
 * Translations in the editor, in Chromium, on tests/fixtures/i18n-site (English, German, and Arabic
 * written right to left): each entry is listed once with its translations, each labelled by its
 * language; a translation is made from the original with its values beside, and builds with hreflang
 * both ways; Arabic fields are right to left; a strings file is a form of keys and values with every
 * locale's value beside; the list filters by language.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../generator/build.ts';
import { editorSite, type EditorSite } from './editorHarness.ts';

let site: EditorSite;
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const posts = (page: Page) => page.getByRole('region', { name: 'posts' });
const hreflangs = (html: string) => Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]));

beforeAll(async () => {
  site = await editorSite('i18n-site');
});
afterAll(async () => {
  await site?.close();
});

describe('translations in the editor', () => {
  it('lists each entry once with its translations, each labelled by its language, and offers the missing ones', async () => {
    const page = await site.open('');
    const list = posts(page);
    expect(await list.getByRole('link', { name: 'Trail notes' }).count()).toBe(1);
    const trail = list.locator('li', { has: page.getByRole('link', { name: 'Trail notes' }) });
    expect(await trail.locator('.ed-locale').first().textContent()).toBe('English');
    expect(await trail.locator('.ed-translate').allTextContents()).toEqual(['Translate into Deutsch', 'Translate into العربية']);
    const firstMap = list.locator('li', { has: page.getByRole('link', { name: 'Our first map' }) }).first();
    expect(await firstMap.getByRole('list', { name: /^Translations of/ }).getByRole('link').allTextContents()).toEqual(['Deutsch', 'العربية']);
    expect(await firstMap.getByRole('link', { name: 'العربية' }).getAttribute('lang')).toBe('ar');
    const strings = page.getByRole('region', { name: 'strings' });
    expect((await strings.getByRole('link').allTextContents()).sort()).toEqual(['Deutsch (de.yaml)', 'English (en.yaml)', 'العربية (ar.yaml)'].sort());
    // Filtered by language: the German entries alone.
    await list.getByText('Filter and sort').click();
    await list.getByLabel('Language').selectOption('de');
    expect((await list.locator('ul > li > a').allTextContents()).sort()).toEqual(['Unsere erste Karte', 'Nachtwanderungen'].sort());
    expect(await site.look(page, 'editor-i18n-list')).toEqual([]);
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await site.look(page, 'editor-i18n-list')).toEqual([]);
    await site.leave(page);
  });

  it('makes the German translation from the original, side by side, and the build links the two with hreflang', async () => {
    const page = await site.open('');
    await posts(page).getByRole('link', { name: 'Translate into Deutsch' }).click();
    await eventually(() => page.locator('#ed-title').textContent()).toBe('Translate Trail notes into Deutsch');
    expect(await page.getByLabel('file name').inputValue()).toBe('trail-notes.de');
    const title = page.getByLabel('Title', { exact: true });
    expect(await title.inputValue()).toBe('Trail notes');
    expect(await page.locator('.ed-field', { has: title }).locator('.ed-original').textContent()).toBe('English: Trail notes');
    expect(await page.getByLabel('Body in English').inputValue()).toBe('\nThis post is written in English only.');
    await title.fill('Wegnotizen');
    await page.getByLabel('description').fill('Notizen zu den Wegen, die wir diesen Sommer kartiert haben.');
    await page.getByLabel('body', { exact: true }).fill('Dieser Beitrag ist auf Deutsch.');
    expect(await site.look(page, 'editor-translate')).toEqual([]);
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await site.look(page, 'editor-translate')).toEqual([]);
    await page.getByRole('button', { name: 'Create' }).click();
    await eventually(() => page.locator('#ed-title').textContent()).toBe('Edit blog/trail-notes.de.md');
    expect(await site.read('blog/trail-notes.de.md')).toBe('---\ntitle: "Wegnotizen"\ndescription: "Notizen zu den Wegen, die wir diesen Sommer kartiert haben."\ndate: "2026-07-20"\n---\n\nDieser Beitrag ist auf Deutsch.\n');
    await site.leave(page);
    const built = await build({ root: site.root, write: false, backend: null, cacheDir: path.join(site.root, '.site', 'check'), progress: false, log: () => {} });
    const en = hreflangs(String(built.files.get('blog/trail-notes.html')));
    const de = hreflangs(String(built.files.get('de/blog/trail-notes.html')));
    expect(en.de).toBe('https://atlas.example/de/blog/trail-notes');
    expect(de.en).toBe('https://atlas.example/blog/trail-notes');
    expect(String(built.files.get('de/blog/trail-notes.html'))).toContain('Wegnotizen');
  }, 120_000);

  it('lays out an Arabic entry\'s fields right to left, beside the English original', async () => {
    const page = await site.open(encodeURIComponent('blog/first-map.ar.md'), 375);
    const title = page.getByLabel('Title', { exact: true });
    expect(await title.getAttribute('dir')).toBe('rtl');
    expect(await title.getAttribute('lang')).toBe('ar');
    expect(await page.getByLabel('body', { exact: true }).getAttribute('dir')).toBe('rtl');
    const original = page.locator('.ed-field', { has: title }).locator('.ed-original-text');
    expect(await original.getAttribute('dir')).toBe('ltr');
    expect(await original.textContent()).toBe('Our first map');
    expect(await site.look(page, 'editor-rtl')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await site.look(page, 'editor-rtl')).toEqual([]);
    await site.leave(page);
  });

  it('edits a strings file as keys and values, with every other locale\'s value beside each', async () => {
    const page = await site.open(encodeURIComponent('strings/de.yaml'));
    const blog = page.getByLabel('blog', { exact: true });
    expect(await blog.inputValue()).toBe('Blog');
    const beside = page.locator('.ed-field', { has: blog }).locator('.ed-original p');
    expect(await beside.allTextContents()).toEqual(['English: Blog', 'العربية: المدونة']);
    expect(await page.locator('legend', { hasText: 'Keys and values' }).count()).toBe(1);
    // A strings file is one of the site's languages: neither deleted nor added here.
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    const version = (await site.api('entry?file=strings%2Fde.yaml')).json.version as string;
    expect((await site.api(`entry?file=strings%2Fde.yaml&version=${version}`, { method: 'DELETE' })).status).toBe(403);
    const before = await site.read('strings/de.yaml');
    await blog.fill('Tagebuch');
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.locator('#ed-status').textContent()).toBe('Saved strings/de.yaml.');
    expect(await site.read('strings/de.yaml')).toBe(before.replace('blog: "Blog"', 'blog: "Tagebuch"'));
    expect(await site.look(page, 'editor-strings')).toEqual([]);
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await site.look(page, 'editor-strings')).toEqual([]);
    await site.leave(page);
  });
});
