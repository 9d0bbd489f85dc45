/**
 * The build benchmark runs end to end on the smallest corpus that has every row: two generated articles (the
 * bench saves the second unchanged and changes the first) beside the real site (it measures; these are not
 * timed tests). Its other modes are benchModes.test.ts's.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { generateArticle } from '../../../scripts/generateArticles.ts';
import { BlogFrontMatter } from '../../../templates/schemas.ts';
import { parseMarkdownFile } from '../../../generator/content/load.ts';
import { renderMarkdown } from '../../../generator/content/markdown.ts';

it('generates valid, varied articles of about 600 words', () => {
  const a = parseMarkdownFile('blog/bench-1.md', generateArticle(1), BlogFrontMatter);
  const b = generateArticle(2);
  expect(generateArticle(1)).toBe(generateArticle(1));
  expect(b).not.toBe(generateArticle(1));
  const md = renderMarkdown(a.body);
  expect(md.words).toBeGreaterThan(450);
  expect(md.words).toBeLessThan(800);
  expect(md.html).toContain('<table>');
  expect(md.html).toContain('<blockquote>');
});

it('npm run bench prints cold, warm and one-changed builds, and in --dir deletes only the folder it made', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-bench-dir-'));
  await writeFile(path.join(dir, 'notes.txt'), 'mine');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/bench.ts', '--pages', '2', '--runs', '1', '--dir', dir], { timeout: 120_000 });
  expect(await readdir(dir)).toEqual(['notes.txt']);
  expect(await readFile(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine');
  await rm(dir, { recursive: true, force: true });
  expect(stdout).toContain('2 generated articles + the real site');
  for (const row of ['| cold |', '| warm, nothing changed |', '| warm, one article saved unchanged |', '| one article changed |']) expect(stdout).toContain(row);
  expect(stdout).toMatch(/\| cold \| \d+\.\d\d s \| \d+ \| \d+ MB \|/);
  // Like for like with generators that make no images: those rows build without them; two rows with them.
  expect(stdout).toMatch(/\| cold \| [^\n]* \| – \| ≤ 3\.0 s/);
  expect(stdout).toMatch(/\| cold, with social images \| \d+\.\d\d s \| [^\n]* \| 9 \/ 0 \|/);
  expect(stdout).toMatch(/\| one article changed, with social images \| [^\n]* \| 0 \/ 9 \|/);
  // The cold builds with and without images, run in turn, as one ratio of time and of peak RSS.
  expect(stdout).toMatch(/cold, with social images \/ cold, without: \d+\.\d\d× the time, \d+\.\d\d× the peak RSS/);
}, 180_000);
