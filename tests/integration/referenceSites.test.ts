/**
 * The bench's reference projects (scripts/referenceSites.ts): the same generated articles as
 * `npm run bench` builds, laid out for Eleventy and Hugo. The reference builds themselves need
 * Eleventy from npm and Hugo from Debian, so they run by hand (`npm run bench -- --reference`), not here.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { generateArticle } from '../../scripts/generateArticles.ts';
import { eleventyProject, hugoProject, timeChild, writeProject } from '../../scripts/referenceSites.ts';

it('lays out the bench articles, byte for byte, with a page layout and an index for each generator', () => {
  const eleventy = eleventyProject(3);
  const hugo = hugoProject(3);
  for (let i = 0; i < 3; i++) {
    expect(eleventy.get(`blog/bench-0000${i}.md`)).toBe(generateArticle(i));
    expect(hugo.get(`content/blog/bench-0000${i}.md`)).toBe(generateArticle(i));
  }
  expect([...eleventy.keys()].filter((f) => f.endsWith('.md'))).toHaveLength(3);
  expect([...hugo.keys()].filter((f) => f.endsWith('.md'))).toHaveLength(3);
  // Every article page shows its title, description and body; the index lists every article.
  expect(eleventy.get('_includes/post.njk')).toMatch(/\{\{ title \}\}[\s\S]*\{\{ description \}\}[\s\S]*\{\{ content \| safe \}\}/);
  expect(eleventy.get('index.njk')).toContain('{% for post in collections.post %}');
  expect(JSON.parse(eleventy.get('blog/blog.11tydata.json')!)).toMatchObject({ layout: 'post.njk', tags: ['post'] });
  expect(hugo.get('layouts/_default/single.html')).toMatch(/\{\{ \.Title \}\}[\s\S]*\{\{ \.Description \}\}[\s\S]*\{\{ \.Content \}\}/);
  expect(hugo.get('layouts/index.html')).toContain('{{ range .Site.RegularPages }}');
});

it('writes a project into nested folders', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reference-'));
  try {
    await writeProject(dir, new Map([['a/b/c.md', 'x'], ['d.toml', 'y']]));
    expect(await readFile(path.join(dir, 'a/b/c.md'), 'utf8')).toBe('x');
    expect(await readFile(path.join(dir, 'd.toml'), 'utf8')).toBe('y');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('times a command and reads its peak RSS, and names a failing one with its error output', async () => {
  const run = await timeChild(process.execPath, ['-e', 'const b = Buffer.alloc(64 << 20, 1); setTimeout(() => b.length, 100)'], os.tmpdir());
  expect(run.ms).toBeGreaterThan(90);
  expect(run.rssMb).toBeGreaterThan(64);
  await expect(timeChild(process.execPath, ['-e', 'console.error("broken"); process.exit(3)'], os.tmpdir())).rejects.toThrow(/exited 3:\nbroken/);
});
