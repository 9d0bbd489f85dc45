/**
 * Publishing and finding, in Chromium, on tests/fixtures/blog-site in a git repository: Publish shows
 * what changed since the last commit and makes one commit of exactly the saved files the author picks;
 * an entry's history lists its earlier versions with what changed and restores one. The list finds
 * entries by words, filters them by status and category and sorts them by date or title.
 */
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorSite, type EditorSite } from './editorHarness.ts';

const POST = 'blog/release-checklist.md';
let site: EditorSite;
const git = (...args: string[]) => execFileSync('git', args, { cwd: site.root, encoding: 'utf8' }).trim();
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 20_000 });
const listed = (page: Page) => page.locator('section[aria-labelledby="ed-c-posts"] ul > li > a').allTextContents();

beforeAll(async () => {
  site = await editorSite('blog-site', async (root) => {
    const run = (...args: string[]) => execFileSync('git', args, { cwd: root });
    run('init', '-q', '-b', 'main');
    run('config', 'user.name', 'An Author');
    run('config', 'user.email', 'author@example.com');
    run('add', '-A');
    run('commit', '-q', '-m', 'The blog as it was');
  });
});
afterAll(async () => {
  await site?.close();
});

describe('publishing from the editor', () => {
  it('commits exactly the saved file the author picks, with their message, and shows what changed', async () => {
    const page = await site.open(encodeURIComponent(POST));
    await page.getByLabel('title').fill('The release checklist, revised');
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.locator('#ed-status').textContent()).toBe(`Saved ${POST}.`);
    // Another change, saved in another editor: listed too, and left out by the author.
    await site.write('pages/home.json', (await site.read('pages/home.json')).replace('"title": "', '"title": "New: '));
    const commits = Number(git('rev-list', '--count', 'HEAD'));
    await page.getByRole('link', { name: 'Publish' }).click();
    const choices = page.locator('.ed-change input[type=checkbox]');
    await eventually(() => choices.count()).toBe(2);
    expect(await page.locator('.ed-change label').allTextContents()).toEqual([`${POST} (changed)`, 'pages/home.json (changed)']);
    await page.getByText(`What changed in ${POST}`).click();
    const diff = page.getByLabel(`Changes in ${POST}`);
    expect(await diff.locator('del').allTextContents()).toEqual(['- title: "A release checklist"\n']);
    expect(await diff.locator('ins').allTextContents()).toEqual(['+ title: "The release checklist, revised"\n']);
    expect(await site.look(page, 'editor-publish')).toEqual([]);
    await page.getByLabel('pages/home.json (changed)').uncheck();
    await page.getByLabel('Message').fill('Revise the release checklist');
    await page.getByRole('button', { name: 'Publish' }).click();
    await eventually(() => page.locator('#ed-status').textContent()).toMatch(new RegExp(`^Published ${POST} as [0-9a-f]{7}\\.$`));
    expect(Number(git('rev-list', '--count', 'HEAD'))).toBe(commits + 1);
    expect(git('show', '--name-only', '--format=%s', 'HEAD').split('\n')).toEqual(['Revise the release checklist', '', `content/${POST}`]);
    expect(git('status', '--porcelain', '--', 'content')).toBe('M content/pages/home.json');
    await eventually(() => page.locator('.ed-change label').allTextContents()).toEqual(['pages/home.json (changed)']);
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await site.look(page, 'editor-publish')).toEqual([]);
    await site.leave(page);
  });

  it('lists an entry\'s earlier versions with what changed since, and restores one into the form', async () => {
    await site.write(POST, (await site.read(POST)).replace(/^title: .*$/m, 'title: "A checklist for releases"'));
    git('commit', '-q', '-am', 'Rename the checklist');
    const first = git('rev-list', '--max-parents=0', 'HEAD');
    await site.server.settled();
    const page = await site.open(encodeURIComponent(POST));
    await page.getByText('History', { exact: true }).click();
    const versions = page.locator('.ed-history-list button');
    await eventually(async () => (await versions.allTextContents()).map((v) => v.replace(/^[\d: -]+: /, ''))).toEqual(expect.arrayContaining(['Rename the checklist', 'The blog as it was']));
    expect(await versions.first().textContent()).toMatch(/: Rename the checklist$/);
    await versions.last().click();
    const diff = page.getByLabel('Changes since The blog as it was');
    await diff.waitFor();
    expect(await diff.locator('ins').allTextContents()).toEqual(['+ title: "A checklist for releases"\n']);
    expect(await diff.locator('del').allTextContents()).toEqual(['- title: "A release checklist"\n']);
    expect(await site.look(page, 'editor-history')).toEqual([]);
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await site.look(page, 'editor-history')).toEqual([]);
    await page.getByRole('button', { name: 'Restore this version' }).click();
    expect(await page.getByLabel('title').inputValue()).toBe('A release checklist');
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.locator('#ed-status').textContent()).toBe(`Saved ${POST}.`);
    // Saved like any edit: the file is that version's, byte for byte.
    expect(await site.read(POST)).toBe(git('show', `${first}:content/${POST}`) + '\n');
    await site.leave(page);
  });
});

describe('the list of entries', () => {
  it('finds entries by their words, filters them by status and category, and sorts them by date or title', async () => {
    await site.write('blog/why-release-notes.md', (await site.read('blog/why-release-notes.md')).replace(/^author: .*$/m, '$&\ndraft: true'));
    await site.write('blog/quill-vs-handwritten.md', (await site.read('blog/quill-vs-handwritten.md')).replace(/^date: .*$/m, 'date: "2999-01-01"'));
    await site.server.settled();
    const page = await site.open('');
    await eventually(() => page.locator('.ed-mark-draft').count()).toBe(1);
    await page.getByLabel('Search entries').fill('quill handwritten');
    expect(await listed(page)).toEqual(['Quill vs handwritten notes']);
    await page.getByLabel('Search entries').fill('');
    await page.getByText('Filter and sort').click();
    await page.getByLabel('Status').selectOption('draft');
    expect(await listed(page)).toEqual(['Why release notes matter']);
    await page.getByLabel('Status').selectOption('scheduled');
    expect(await listed(page)).toEqual(['Quill vs handwritten notes']);
    await page.getByLabel('Status').selectOption('');
    await page.getByRole('region', { name: 'posts' }).getByLabel('Category').selectOption('Tools');
    expect((await listed(page)).sort()).toEqual(['A release checklist', 'Commit messages Quill can read']);
    await page.getByRole('region', { name: 'posts' }).getByLabel('Category').selectOption('');
    await page.getByLabel('Sort').selectOption('title');
    expect(await listed(page)).toEqual(['A release checklist', 'Changelog vs release notes', 'Commit messages Quill can read', 'Quill vs handwritten notes', 'Why release notes matter', 'Write in the users\' words']);
    await page.getByLabel('Sort').selectOption('date-asc');
    expect(await listed(page)).toEqual(['Why release notes matter', 'Changelog vs release notes', 'Write in the users\' words', 'Commit messages Quill can read', 'A release checklist', 'Quill vs handwritten notes']);
    expect(await site.look(page, 'editor-list-filters')).toEqual([]);
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await site.look(page, 'editor-list-filters')).toEqual([]);
    await site.leave(page);
  });
});
