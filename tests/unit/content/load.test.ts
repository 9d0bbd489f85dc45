/** The content edge: JSON syntax errors, missing files and duplicate slugs become SiteErrors with a place. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fixedFiles, loadContent, loadFixedContent } from '../../../generator/content/load.ts';
import { renderMarkdown } from '../../../generator/content/markdown.ts';
import { SiteError } from '../../../generator/core/errors.ts';
import { collection } from '../../../generator/site/defineConfig.ts';
import { site, writeTinyContent } from '../helpers/tinySite.tsx';

/** One JSON file read as a file collection. */
const loadJson = async (dir: string, rel: string, schema: z.ZodType) =>
  (await loadFixedContent(dir, { x: collection.file(rel, schema) }, renderMarkdown)).collections.x;
const loadSite = (dir: string) => loadContent(dir, site.collections, renderMarkdown);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'site-load-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function rejection(p: Promise<unknown>): Promise<SiteError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(SiteError);
  return e as SiteError;
}

const Schema = z.strictObject({ a: z.number(), b: z.strictObject({ c: z.string() }) });

describe('loadJson', () => {
  it('parses and validates a JSON file', async () => {
    await writeFile(path.join(dir, 'x.json'), '{ "a": 1, "b": { "c": "d" } }');
    expect(await loadJson(dir, 'x.json', Schema)).toEqual({ a: 1, b: { c: 'd' } });
  });

  it('names the file and the line near a missing comma', async () => {
    await writeFile(path.join(dir, 'x.json'), '{\n  "a": 1,\n  "b": {\n    "c": "d"\n  }\n  "e": 2\n}\n');
    const e = await rejection(loadJson(dir, 'x.json', Schema));
    expect(e.code).toBe('ContentJsonMalformed');
    expect(e.location.file).toBe('x.json');
    // The comma is missing at the end of line 5; the parser trips on line 6.
    expect([5, 6]).toContain(e.location.line);
    expect(e.message).toMatch(/^x\.json:\d+ is not valid JSON: .*Expected ','/);
    expect(e.message).not.toMatch(/position \d+/);
    expect(e.hint).toMatch(/missing comma/);
  });

  it('reports a truncated file without a made-up line', async () => {
    await writeFile(path.join(dir, 'x.json'), '{ "a": 1, ');
    const e = await rejection(loadJson(dir, 'x.json', Schema));
    expect(e.code).toBe('ContentJsonMalformed');
    expect(e.message).toMatch(/^x\.json(:1)? is not valid JSON/);
  });

  it('names the line of a schema error', async () => {
    await writeFile(path.join(dir, 'x.json'), '{\n  "a": 1,\n  "b": {\n    "c": 5\n  }\n}\n');
    const e = await rejection(loadJson(dir, 'x.json', Schema));
    expect(e.message).toBe('x.json:4: field "b.c" must be a string, but found number 5.');
  });

  it('reports a missing file by its path inside the content folder', async () => {
    const e = await rejection(loadJson(dir, 'pages/none.json', Schema));
    expect(e.code).toBe('ContentFileMissing');
    expect(e.message).toContain('pages/none.json');
  });
});

describe('loadContent', () => {
  it('refuses two articles whose slugs differ only in case', async () => {
    await mkdir(path.join(dir, 'blog'));
    await writeFile(path.join(dir, 'blog', 'Intro.md'), '');
    await writeFile(path.join(dir, 'blog', 'intro.md'), '');
    const e = await rejection(loadSite(dir));
    expect(e.code).toBe('ContentDuplicateSlug');
    expect(e.message).toContain('blog/Intro.md, blog/intro.md');
  });

  it('reads a list of .json or .yaml entries: their data, no body, slug without the extension', async () => {
    const Event = z.strictObject({ title: z.string(), date: z.string() });
    const events = { events: collection.list('events', Event) };
    await mkdir(path.join(dir, 'events'));
    await writeFile(path.join(dir, 'events', 'launch.json'), JSON.stringify({ title: 'Launch', date: '2025-01-02' }));
    await writeFile(path.join(dir, 'events', 'meetup.yaml'), 'title: Meetup\ndate: 2025-02-03\n');
    const list = (await loadContent(dir, events, renderMarkdown)).collections.events as Record<string, unknown>[];
    expect(list.map((e) => [e.slug, e.file, e.title, e.date, e.html])).toEqual([
      ['launch', 'events/launch.json', 'Launch', '2025-01-02', ''],
      ['meetup', 'events/meetup.yaml', 'Meetup', '2025-02-03', ''],
    ]);
    await writeFile(path.join(dir, 'events', 'meetup.yaml'), 'title: Meetup\ndate: 5\n');
    const e = await rejection(loadContent(dir, events, renderMarkdown));
    expect(e.code).toBe('ContentFieldInvalid');
    expect(e.message).toMatch(/^events\/meetup\.yaml:2: field "date"/);
  });

  it('refuses a list folder with no entry files, naming what it holds', async () => {
    const events = { events: collection.list('events', z.object({ title: z.string() })) };
    expect((await rejection(loadContent(dir, events, renderMarkdown))).message).toBe('events/ has no entry files (.md, .json, .yaml or .yml), so its list would be empty.');
    await mkdir(path.join(dir, 'events'));
    await writeFile(path.join(dir, 'events', 'launch.toml'), 'title = "Launch"\n');
    const e = await rejection(loadContent(dir, events, renderMarkdown));
    expect(e.code).toBe('ContentListEmpty');
    expect(e.message).toBe('events/ has no entry files (.md, .json, .yaml or .yml): it holds launch.toml, so its list would be empty.');
  });

  it('refuses a list that mixes markdown and data entries, naming one of each', async () => {
    const events = { events: collection.list('events', z.object({ title: z.string() })) };
    await mkdir(path.join(dir, 'events'));
    await writeFile(path.join(dir, 'events', 'launch.md'), '---\ntitle: Launch\n---\n\nBody.\n');
    await writeFile(path.join(dir, 'events', 'meetup.json'), '{"title":"Meetup"}');
    const e = await rejection(loadContent(dir, events, renderMarkdown));
    expect(e.code).toBe('ContentListMixed');
    expect(e.message).toBe('events/ holds both markdown and data entries: events/launch.md and events/meetup.json.');
  });

  it('needs site.json', async () => {
    const e = await rejection(loadSite(dir));
    expect(e.code).toBe('ContentFileMissing');
  });
});

describe('fixedFiles', () => {
  it('lists exactly the files the file and record collections read (the build record stamps them)', async () => {
    const content = await loadFixedContent(writeTinyContent(dir), site.collections, renderMarkdown);
    expect(fixedFiles(site.collections).sort()).toEqual(Object.keys(content.hashes).sort());
  });
});
