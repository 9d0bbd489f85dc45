/**
 * Writing in the editor, in Chromium, on tests/fixtures/components-site (articles that place Callout and
 * Tally): the body's preview answers a directive's mistake with the build's own error at the file's
 * line; the markdown toolbar and its shortcuts; the component picker builds a directive from a
 * component's props; images inserted each as a paragraph; and the media library: every content image
 * and where it is used, reused in another entry, deleted when unused, removed with its entry or with
 * dropped edits when nothing else shows it.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../generator/build.ts';
import { editorSite, jsonBody, type EditorSite } from './editorHarness.ts';

let site: EditorSite;
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const exists = (rel: string) => stat(site.content(rel)).then(() => true, () => false);
const png = (color: string) => sharp({ create: { width: 60, height: 40, channels: 3, background: color } }).png().toBuffer();
const saved = (page: Page, file: string) => eventually(() => page.locator('#ed-status').textContent()).toBe(`Saved ${file}.`);

beforeAll(async () => {
  site = await editorSite('components-site');
});
afterAll(async () => {
  await site?.close();
});

/** Uploads an image into the body at the cursor, with its alt text. */
async function insertImage(page: Page, name: string, alt: string, color: string): Promise<void> {
  await page.getByLabel('Image file').setInputFiles({ name, mimeType: 'image/png', buffer: await png(color) });
  await page.getByLabel('Image alt text').fill(alt);
  await page.getByRole('button', { name: 'Insert image' }).click();
  await eventually(() => page.locator('#ed-body-image [role=status]').textContent()).toContain(`Uploaded ./images/${name}`);
}

describe('the body\'s preview', () => {
  it('answers a wrong prop or an unknown component with the build\'s own error, 4xx, at the line of the file', async () => {
    const text = await site.read('posts/tally.md');
    const { body } = (await site.api('entry?file=posts%2Ftally.md')).json as { body: string };
    const line = text.split('\n').findIndex((l) => l.startsWith('::tally')) + 1;
    const wrong = await site.api('preview', jsonBody('POST', { file: 'posts/tally.md', body: body.replace('start=3', 'start=-3') }));
    expect(wrong.status).toBe(422);
    expect(wrong.json.error).toMatchObject({ code: 'ArticleComponentProps', file: 'posts/tally.md', line });
    expect(wrong.json.error.message).toBe(`posts/tally.md:${line}: the component Tally, prop "start": Too small: expected number to be >=0.`);
    const unknown = await site.api('preview', jsonBody('POST', { file: 'posts/tally.md', body: body.replace('::tally', '::tallly') }));
    expect(unknown.status).toBe(422);
    expect(unknown.json.error).toMatchObject({ code: 'ArticleComponentUnknown', line });
    // The form shows it in the preview, by its line.
    const page = await site.open(encodeURIComponent('posts/tally.md'));
    await page.getByLabel('body', { exact: true }).fill(body.replace('start=3', 'start=-3'));
    await eventually(() => page.locator('.ed-preview-error').textContent()).toContain(`Line ${line}: The component Tally, prop "start"`);
    await site.leave(page);
    // A build of the same text fails with the same words.
    await site.write('posts/tally.md', text.replace('start=3', 'start=-3'));
    const failed = await build({ root: site.root, write: false, backend: null, cacheDir: path.join(site.root, '.site', 'check'), progress: false, log: () => {} }).catch((e: Error) => e);
    expect((failed as Error).message).toBe(wrong.json.error.message);
    await site.write('posts/tally.md', text);
  }, 120_000);
});

describe('writing', () => {
  it('formats with the toolbar and its shortcuts, places a component from its props, and saves with Ctrl+S', async () => {
    const page = await site.open(encodeURIComponent('posts/plain.md'));
    const body = page.getByLabel('body', { exact: true });
    await body.fill('Just text.\nA second line.');
    const select = (start: number, end: number) => body.evaluate((t: HTMLTextAreaElement, [a, b]) => t.setSelectionRange(a!, b!), [start, end]);
    await select(0, 4);
    await page.getByRole('button', { name: 'Bold' }).click();
    expect(await body.inputValue()).toBe('**Just** text.\nA second line.');
    await select(9, 13);
    await body.press('Control+i');
    expect(await body.inputValue()).toBe('**Just** _text_.\nA second line.');
    await select(20, 20);
    await page.getByRole('button', { name: 'Bulleted list' }).click();
    expect(await body.inputValue()).toBe('**Just** _text_.\n- A second line.');
    await select(0, 0);
    await page.getByRole('button', { name: 'Heading' }).click();
    await body.press('End');
    await body.press('Control+k');
    expect(await body.evaluate((t: HTMLTextAreaElement) => t.value.slice(t.selectionStart, t.selectionEnd))).toBe('https://');
    await page.keyboard.type('https://example.com');
    expect((await body.inputValue()).split('\n')[0]).toBe('## **Just** _text_.[link text](https://example.com)');
    await body.press('Control+End');
    await page.getByRole('button', { name: 'Table' }).click();
    await page.getByText('Insert a component').click();
    await page.getByLabel('Component', { exact: true }).selectOption('Tally');
    expect(await page.getByLabel('Start').inputValue()).toBe('0');
    await page.getByLabel('Label').fill('Votes');
    await page.getByLabel('Start').fill('5');
    await body.press('Control+End');
    await page.getByRole('button', { name: 'Insert component' }).click();
    expect((await body.inputValue()).split('\n\n').slice(-2)).toEqual(['| Column | Column |\n| --- | --- |\n| Text | Text |', '::tally{label="Votes" start=5}\n']);
    const preview = page.locator('#ed-preview');
    await eventually(() => preview.locator('figure.tally figcaption').textContent()).toBe('Votes');
    expect(await preview.locator('table th').count()).toBe(2);
    expect(await preview.locator('h2 strong').textContent()).toBe('Just');
    expect(await site.look(page, 'editor-writing')).toEqual([]);
    await body.press('Control+s');
    await saved(page, 'posts/plain.md');
    expect(await site.read('posts/plain.md')).toContain('\n::tally{label="Votes" start=5}\n');
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await site.look(page, 'editor-writing')).toEqual([]);
    await site.leave(page);
  });

  it('wraps the selected text in a container component, with the props it was given', async () => {
    const page = await site.open(encodeURIComponent('posts/callout.md'));
    const body = page.getByLabel('body', { exact: true });
    await body.fill('Before.\n\nKeep a copy.\n\nAfter.');
    await body.evaluate((t: HTMLTextAreaElement) => t.setSelectionRange(9, 21));
    await page.getByText('Insert a component').click();
    await page.getByLabel('Component', { exact: true }).selectOption('Callout');
    await page.getByLabel('Type').selectOption('warning');
    await page.getByLabel('Around the selected text').check();
    await page.getByRole('button', { name: 'Insert component' }).click();
    expect(await body.inputValue()).toBe('Before.\n\n:::callout{type="warning"}\nKeep a copy.\n:::\n\nAfter.');
    await eventually(() => page.locator('#ed-preview aside.callout-warning').textContent()).toContain('Keep a copy.');
    await site.leave(page);
  });
});

describe('images and the media library', () => {
  it('puts each inserted image in a paragraph of its own, lists where each image is used, and reuses one in another entry', async () => {
    const page = await site.open(encodeURIComponent('posts/plain.md'));
    const body = page.getByLabel('body', { exact: true });
    await body.fill('Text.');
    await body.press('Control+End');
    await insertImage(page, 'red.png', 'A red square', '#c00');
    await insertImage(page, 'blue.png', 'A blue square', '#00c');
    expect(await body.inputValue()).toBe('Text.\n\n![A red square](./images/red.png)\n\n![A blue square](./images/blue.png)\n');
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page, 'posts/plain.md');
    // The home page (content/home.md) shows the red one too, picked from the site's images.
    await page.getByRole('link', { name: 'home.md' }).click();
    await eventually(() => page.locator('#ed-title').textContent()).toBe('Edit home.md');
    await page.getByLabel('body', { exact: true }).press('Control+End');
    await page.getByLabel('Or one of the site\'s images').focus();
    await eventually(() => page.getByLabel('Or one of the site\'s images').locator('option').allTextContents()).toEqual(['Choose an image...', 'posts/images/blue.png', 'posts/images/red.png']);
    await page.getByLabel('Or one of the site\'s images').selectOption('./posts/images/red.png');
    await page.getByLabel('Image alt text').fill('The red square again');
    await page.getByRole('button', { name: 'Insert image' }).click();
    expect(await page.getByLabel('body', { exact: true }).inputValue()).toContain('\n\n![The red square again](./posts/images/red.png)\n');
    await page.getByRole('button', { name: 'Save' }).click();
    await saved(page, 'home.md');
    await site.server.settled();
    await eventually(async () => /<picture>[\s\S]*?alt="The red square again"/.test(await (await fetch(`${site.server.url}/`)).text())).toBe(true);
    await page.getByRole('link', { name: 'Media' }).click();
    const items = page.locator('.ed-media-item');
    await eventually(() => items.count()).toBe(2);
    expect(await items.nth(1).textContent()).toContain('Used by home.md, posts/plain.md');
    expect(await items.nth(1).getByRole('button').count()).toBe(0);
    expect(await site.look(page, 'editor-media')).toEqual([]);
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await site.look(page, 'editor-media')).toEqual([]);
    await site.leave(page);
  });

  it('drops the images of dropped edits, deletes an unused image, and removes an entry\'s images that nothing else shows', async () => {
    const page = await site.open(encodeURIComponent('posts/callout.md'));
    await page.getByLabel('body', { exact: true }).press('Control+End');
    await insertImage(page, 'green.png', 'A green square', '#0c0');
    expect(await exists('posts/images/green.png')).toBe(true);
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('link', { name: 'A tally' }).click();
    await eventually(() => exists('posts/images/green.png')).toBe(false);
    // blue.png: shown by posts/plain.md alone; once the text no longer shows it, the library deletes it.
    const plain = await site.read('posts/plain.md');
    await site.write('posts/plain.md', plain.replace('\n\n![A blue square](./images/blue.png)', ''));
    await page.getByRole('link', { name: 'Media' }).click();
    await eventually(() => page.getByRole('button', { name: 'Delete posts/images/blue.png' }).count()).toBe(1);
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete posts/images/blue.png' }).click();
    await eventually(() => exists('posts/images/blue.png')).toBe(false);
    const refused = await site.api('media?file=posts%2Fimages%2Fred.png', { method: 'DELETE' });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe('posts/images/red.png is shown by home.md, posts/plain.md, so it was not deleted.');
    // An entry deleted: its images go, unless another entry shows them (red.png: home.md does).
    await site.write('posts/plain.md', `${await site.read('posts/plain.md')}\n![A yellow square](./images/yellow.png)\n`);
    await site.write('posts/images/yellow.png', await png('#cc0'));
    await site.server.settled();
    const doc = (await site.api('entry?file=posts%2Fplain.md')).json as { version: string };
    const gone = await site.api(`entry?file=posts%2Fplain.md&version=${doc.version}`, { method: 'DELETE' });
    expect(gone.json).toEqual({ removed: ['posts/images/yellow.png'] });
    expect(await exists('posts/images/yellow.png')).toBe(false);
    expect(await exists('posts/images/red.png')).toBe(true);
    await site.leave(page);
  });
});
