/**
 * A file collection is typed and read by its file's extension: a markdown file's value has its front
 * matter and its rendered body (`html`, `headings`), a YAML file's is its data, as a JSON file's is.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { loadFixedContent } from '../../../generator/content/load.ts';
import { renderMarkdown } from '../../../generator/content/markdown.ts';
import { collection, type ContentOf } from '../../../generator/site/defineConfig.ts';

const Page = z.object({ title: z.string() });
const Club = z.object({ name: z.string(), founded: z.number() });
const collections = {
  about: collection.file('pages/about.md', Page),
  club: collection.file('club.yml', Club),
  hut: collection.file('hut.yaml', Club),
  home: collection.file('home.json', Page),
};
type Content = ContentOf<typeof collections>;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'site-file-collection-'));
  await writeFile(path.join(dir, 'club.yml'), 'name: Ridge Walkers\nfounded: 1921\n');
  await writeFile(path.join(dir, 'hut.yaml'), 'name: Summit hut\nfounded: 1954\n');
  await writeFile(path.join(dir, 'home.json'), '{ "title": "Home" }');
  await import('node:fs/promises').then((fs) => fs.mkdir(path.join(dir, 'pages')));
  await writeFile(path.join(dir, 'pages', 'about.md'), '---\ntitle: About us\n---\n\n## Who we are\n\nWalkers since 1921.\n');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('collection.file', () => {
  it("types a markdown file's value with its body, and a data file's as its schema's output", () => {
    expectTypeOf<Content['about']['html']>().toEqualTypeOf<string>();
    expectTypeOf<Content['about']['title']>().toEqualTypeOf<string>();
    expectTypeOf<Content['club']>().toEqualTypeOf<{ name: string; founded: number }>();
    expectTypeOf<Content['home']>().toEqualTypeOf<{ title: string }>();
  });

  it('reads a .yml or .yaml file as YAML data and a .md file as front matter and a rendered body', async () => {
    const content = (await loadFixedContent(dir, collections, renderMarkdown)).collections as Content;
    expect(content.club).toEqual({ name: 'Ridge Walkers', founded: 1921 });
    expect(content.hut).toEqual({ name: 'Summit hut', founded: 1954 });
    expect(content.home).toEqual({ title: 'Home' });
    expect(content.about.title).toBe('About us');
    expect(content.about.html).toContain('<h2 id="who-we-are">Who we are</h2>');
  });
});
