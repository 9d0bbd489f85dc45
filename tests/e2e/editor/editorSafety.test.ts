/**
 * Nothing an author does in the editor is lost or breaks the site (tests/fixtures/blog-site in `site
 * dev`, in Chromium): a text file or an SVG named .png is refused and the site keeps serving; leaving
 * unsaved edits asks first (another entry, back, closing the tab); a change on disk is compared field by
 * field and the merge keeps the author's text; a name already taken keeps the form; after Create the
 * new entry is open; every answer to bad input is a 4xx with a message. And errors for authors: an
 * empty new entry marks every required field at once, in words, and the refusal stays.
 */
import { stat } from 'node:fs/promises';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorSite, filesUnder, jsonBody, type EditorSite } from './editorHarness.ts';

const POST = 'blog/commit-messages.md';
let site: EditorSite;
const exists = (rel: string) => stat(site.content(rel)).then(() => true, () => false);
const status = (page: Page) => page.locator('#ed-status').textContent();
/** A wait for what the page shows next, on a machine that may be busy. */
const eventually = <T>(fn: () => T | Promise<T>, options: { timeout?: number } = {}) => expect.poll(fn, { timeout: 20_000, ...options });

beforeAll(async () => {
  site = await editorSite('blog-site');
});
afterAll(async () => {
  await site?.close();
});

describe('the editor keeps the site whole', () => {
  it('refuses a text file and an SVG named .png, writes nothing, and the site keeps answering 200', async () => {
    const page = await site.open(encodeURIComponent(POST));
    const before = await filesUnder(site.content(''));
    const body = page.getByLabel('body', { exact: true });
    const text = await body.inputValue();
    await page.getByLabel('Image file').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: Buffer.from('This is a text file, not a picture.\n') });
    await page.getByLabel('Image alt text').fill('A chart');
    await page.getByRole('button', { name: 'Insert image' }).click();
    const said = page.locator('#ed-body-image [role=status]');
    await eventually(() => said.textContent()).toContain('chart.png is named as a PNG image, but its bytes are text');
    expect(await body.inputValue()).toBe(text);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    const upload = (name: string, bytes: Buffer) => site.api(`image?entry=${encodeURIComponent(POST)}&name=${name}&alt=A%20chart`, { method: 'POST', body: new Blob([new Uint8Array(bytes)]) });
    const refusedSvg = await upload('logo.png', svg);
    expect(refusedSvg.status).toBe(415);
    expect(refusedSvg.json.error.message).toContain('SVG');
    expect((await upload('logo.svg', svg)).status).toBe(422);
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).jpeg().toBuffer();
    const misnamed = await upload('photo.png', jpeg);
    expect(misnamed.status).toBe(415);
    expect(misnamed.json.error.message).toContain('a JPEG image');
    expect(await filesUnder(site.content(''))).toEqual(before);
    // The site and the editor's list are as they were.
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(() => status(page)).toMatch(/^Saved /);
    await site.server.settled();
    for (const p of ['/', '/blog', '/blog/commit-messages']) expect((await fetch(`${site.server.url}${p}`)).status, p).toBe(200);
    expect((await site.api('site')).json.entries.map((e: { file: string }) => e.file)).toContain(POST);
    await site.leave(page);
  });

  it('asks before unsaved edits are left: for another entry, going back and closing the tab', async () => {
    const page = await site.open('');
    await page.getByRole('link', { name: 'Commit messages Quill can read' }).click();
    const title = page.getByLabel('title');
    await title.click();
    await title.press('End');
    await page.keyboard.type(', edited');
    const asked: string[] = [];
    const answer = (accept: boolean) => page.once('dialog', (d) => void (asked.push(`${d.type()}: ${d.message()}`), accept ? d.accept() : d.dismiss()));
    answer(false);
    await page.getByRole('link', { name: 'A release checklist' }).click();
    await eventually(() => asked.length).toBe(1);
    expect(asked[0]).toMatch(/^confirm: blog\/commit-messages\.md has unsaved changes/);
    expect(await page.evaluate(() => location.hash)).toBe(`#${encodeURIComponent(POST)}`);
    expect(await title.inputValue()).toBe('Commit messages Quill can read, edited');
    answer(false);
    await page.goBack();
    await eventually(() => asked.length).toBe(2);
    expect(await title.inputValue()).toBe('Commit messages Quill can read, edited');
    // Closing the tab: the page asks the browser to confirm (this headless Chromium shows no dialog for it).
    const closing = () => page.evaluate(() => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    });
    expect(await closing()).toBe(true);
    answer(true);
    await page.getByRole('link', { name: 'A release checklist' }).click();
    await eventually(() => page.locator('#ed-title').textContent()).toBe('Edit blog/release-checklist.md');
    expect(asked).toHaveLength(3);
    expect(await closing()).toBe(false);
    await site.leave(page);
  });

  it('shows a change on disk beside the author\'s edits, field by field, and the merge keeps the author\'s text', async () => {
    const page = await site.open(encodeURIComponent(POST));
    await page.getByLabel('title').fill('A title the author wrote');
    const onDisk = (await site.read(POST)).replace(/^description: .*$/m, 'description: "A description written in another editor."');
    await site.write(POST, onDisk);
    const view = page.locator('.ed-conflict');
    await view.waitFor({ timeout: 20_000 });
    expect(await page.getByRole('alert').first().textContent()).toContain('changed on disk');
    const fields = view.locator('.ed-conflict-field');
    expect(await fields.locator('legend').allTextContents()).toEqual(['Title', 'Description']);
    // The author's edit is kept by default; the disk's change to a field the author left is taken.
    expect(await fields.nth(0).getByLabel('Keep yours').isChecked()).toBe(true);
    expect(await fields.nth(1).getByLabel('Take the disk\'s').isChecked()).toBe(true);
    expect(await fields.nth(0).locator('pre').first().textContent()).toBe('A title the author wrote');
    expect(await site.look(page, 'editor-conflict')).toEqual([]);
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await site.look(page, 'editor-conflict')).toEqual([]);
    await page.getByRole('button', { name: 'Merge as chosen and save' }).click();
    await eventually(() => status(page)).toBe(`Saved ${POST}.`);
    const saved = await site.read(POST);
    expect(saved).toContain('title: "A title the author wrote"');
    expect(saved).toContain('description: "A description written in another editor."');
    expect(saved.split('\n').length).toBe(onDisk.split('\n').length);
    await site.leave(page);
  });

  it('keeps the form when the file name is taken, and opens the new entry once created', async () => {
    const page = await site.open('new:posts');
    await page.getByLabel('file name').fill('release-checklist');
    await page.getByLabel('title').fill('A second checklist');
    await page.getByLabel('description').fill('Another list to go through.');
    await page.getByLabel('readTime').fill('2 min read');
    await page.getByLabel('category').selectOption('Tools');
    await page.getByLabel('author').fill('The Quill Team');
    await page.getByLabel('body', { exact: true }).fill('First step.');
    const original = await site.read('blog/release-checklist.md');
    await page.getByRole('button', { name: 'Create' }).click();
    const alert = page.getByRole('alert').first();
    await eventually(() => alert.textContent()).toContain('There is already an entry named blog/release-checklist.md');
    expect(await alert.getByRole('link', { name: 'Open the existing entry in a new tab' }).getAttribute('target')).toBe('_blank');
    expect(await page.getByLabel('file name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('title').inputValue()).toBe('A second checklist');
    expect(await site.read('blog/release-checklist.md')).toBe(original);
    await page.getByLabel('file name').fill('second-checklist');
    await page.getByRole('button', { name: 'Create' }).click();
    await eventually(() => page.locator('#ed-title').textContent()).toBe('Edit blog/second-checklist.md');
    expect(await page.getByLabel('title').inputValue()).toBe('A second checklist');
    // Its fields in the order the site's files have them (the schema's), the date among them.
    expect((await site.read('blog/second-checklist.md')).split('\n').slice(1, 7).map((l) => l.split(':')[0])).toEqual(['title', 'description', 'date', 'readTime', 'category', 'author']);
    await site.leave(page);
  });
});

describe('errors for authors', () => {
  it('marks every required field of an empty new entry at once, in words, and the refusal stays', async () => {
    const page = await site.open('new:posts');
    await page.getByLabel('file name').fill('empty-post');
    await page.getByRole('button', { name: 'Create' }).click();
    const alert = page.getByRole('alert').first();
    await eventually(() => alert.textContent()).toContain('5 fields need attention: Title, Description, Read time, Category, Author.');
    const errors = { title: 'Title is missing. Hint: Write the title.', description: 'Description is missing. Hint: Write the description.', readTime: 'Read time is missing. Hint: Write the read time.', category: 'Category is missing. Hint: Pick one from the list.', author: 'Author is missing. Hint: Write the author.' };
    for (const [field, text] of Object.entries(errors)) {
      expect(await page.locator(`#f-${field}-error`).textContent(), field).toBe(text);
      expect(await page.locator(`#f-${field}`).getAttribute('aria-invalid'), field).toBe('true');
    }
    expect(await page.locator('#f-date').getAttribute('aria-invalid')).toBeNull();
    // The build's own words (file, line, field) under Details, and in the terminal.
    expect(await alert.locator('details').textContent()).toMatch(/blog\/empty-post\.md:\d+: field "title" must be a string/);
    expect(site.lines.some((l) => /^Editor: not saved: blog\/empty-post\.md:\d+: field "title"/.test(l))).toBe(true);
    // The live check after an edit leaves the refusal where it is.
    await page.getByLabel('title').fill('Now with a title');
    await page.waitForTimeout(800);
    expect(await alert.textContent()).toContain('5 fields need attention');
    expect(await page.locator('#f-title-error').isHidden()).toBe(true);
    expect(await page.locator('#ed-problems li').count()).toBe(4);
    expect(await exists('blog/empty-post.md')).toBe(false);
    expect(await site.look(page, 'editor-new-invalid')).toEqual([]);
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await site.look(page, 'editor-new-invalid')).toEqual([]);
    await site.leave(page);
  });

  it('answers every bad input with a 4xx and a message', async () => {
    const deep = `${'['.repeat(20_000)}"x"${']'.repeat(20_000)}`;
    const raw = (route: string, method: string, body: string) => site.api(route, { method, headers: { 'content-type': 'application/json' }, body });
    const answers = await Promise.all([
      raw('entry', 'POST', `{"collection":"posts","slug":"deep","data":{"title":${deep}},"body":""}`),
      raw('check', 'POST', `{"file":"blog/deep.md","data":{"title":${deep}},"body":""}`),
      raw('preview', 'POST', `{"file":"blog/deep.md","data":{"title":${deep}},"body":"x"}`),
      raw('entry', 'PUT', 'not json'),
      raw('check', 'POST', '[1, 2]'),
      site.api('entry', jsonBody('PUT', { file: POST, version: 'x', data: 'text' })),
      site.api('entry', jsonBody('POST', { collection: 'posts', slug: '../x', data: {} })),
      site.api('entry', jsonBody('POST', { collection: 'posts', slug: 'x.fr', data: {} })),
      site.api('entry', jsonBody('POST', { collection: 'pages', slug: 'x', data: {} })),
      site.api('entry', jsonBody('POST', { collection: 'posts', slug: 'x', data: [1] })),
      site.api('check', jsonBody('POST', { file: '../site.config.ts', data: {} })),
      site.api('preview', jsonBody('POST', { file: POST, body: 3 })),
      site.api('entry?file=blog%2Fnone.md'),
      site.api('image?entry=blog%2Fx.md&name=a.png&alt=a', { method: 'POST', body: new Blob([]) }),
      site.api('media?file=blog%2Fcommit-messages.md', { method: 'DELETE' }),
      site.api('version?file=blog%2Fcommit-messages.md&commit=zz'),
      site.api('publish', jsonBody('POST', { files: [POST], message: 'x' })),
      site.api('nothing'),
    ]);
    for (const [i, a] of answers.entries()) {
      expect(a.status >= 400 && a.status < 500, `${i}: ${a.status}`).toBe(true);
      expect(typeof a.json.error?.message === 'string' && a.json.error.message.length > 10, `${i}: ${JSON.stringify(a.json).slice(0, 200)}`).toBe(true);
    }
    expect(answers.slice(0, 3).map((a) => a.json.error.code)).toEqual(['EditorValueTooDeep', 'EditorValueTooDeep', 'EditorValueTooDeep']);
    expect(await exists('blog/deep.md')).toBe(false);
  });
});

describe('the editor\'s views, as an author sees them', () => {
  it('has no axe violations on an entry, a JSON page and Publish outside a repository at 1280 and 375 px, and shows the JSON page beside its form', async () => {
    const post = await site.open(encodeURIComponent(POST));
    await post.locator('#ed-preview h2').first().waitFor();
    expect(await site.look(post, 'editor-entry')).toEqual([]);
    await post.setViewportSize({ width: 375, height: 900 });
    expect(await site.look(post, 'editor-entry')).toEqual([]);
    // A JSON page's preview is its page; its long text a text area.
    await post.getByRole('link', { name: 'home' }).click();
    await post.frameLocator('iframe[title="Page preview"]').locator('h1').waitFor({ timeout: 20_000 });
    // The entry's markdown body goes with its view (the preview may load before the form is swapped).
    await post.locator('section.ed-body').waitFor({ state: 'detached' });
    expect(await post.getByLabel('body').evaluate((e) => e.tagName)).toBe('TEXTAREA');
    expect(await site.look(post, 'editor-json-page')).toEqual([]);
    await post.setViewportSize({ width: 1280, height: 900 });
    expect(await site.look(post, 'editor-json-page')).toEqual([]);
    // Publish in a folder outside any repository says so.
    await post.getByRole('link', { name: 'Publish' }).click();
    await eventually(() => post.getByRole('status').filter({ hasText: 'not in a git repository' }).count()).toBe(1);
    expect(await site.look(post, 'editor-publish-no-repository')).toEqual([]);
    await post.setViewportSize({ width: 375, height: 900 });
    expect(await site.look(post, 'editor-publish-no-repository')).toEqual([]);
    await site.leave(post);
  });
});
