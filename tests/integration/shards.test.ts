/**
 * The build's shards with a worker thread (forced, on a site too small to get one by itself): work
 * handed out in batches still gives the main thread's bytes (tests/site/integration/cache.test.ts), and a content error is
 * the same on every build, whichever thread reached its article first. On the blog fixture
 * (tests/fixtures/blog-site) with 260 generated articles, without social images.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/build.ts';
import { SiteError } from '../../generator/core/errors.ts';
import { generateArticles } from '../../scripts/generateArticles.ts';
import { BLOG_SITE, copyBlogContent } from './blogSite.ts';

let tmp: string;
let content: string;
let run = 0;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-shards-'));
  content = path.join(tmp, 'content');
  await copyBlogContent(content);
  // More than one parse batch (100 articles), so the two broken ones go to different requests.
  await generateArticles(content, 260);
  for (const n of ['00020', '00230']) {
    const file = path.join(content, 'blog', `bench-${n}.md`);
    await writeFile(file, (await readFile(file, 'utf8')).replace(/^title: .*$/m, 'title: 12'));
  }
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

const failure = async (workers: number): Promise<SiteError> => {
  run++;
  const out = path.join(tmp, `out-${run}`);
  const error = await build({ root: BLOG_SITE, content, out, cacheDir: path.join(tmp, `cache-${run}`), workers, backend: null, log: () => {}, progress: false, socialImages: false }).then(
    () => new Error('the build passed'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SiteError);
  return error as SiteError;
};

describe('shards', () => {
  it('report the first broken article in file order, on every build, with or without a worker', async () => {
    const errors = [await failure(1), await failure(1), await failure(1), await failure(0)];
    for (const e of errors) {
      expect(e.location.file).toBe('blog/bench-00020.md');
      expect(e.message).toBe(errors[0]!.message);
    }
  });
});

describe('shards given the plan', () => {
  it('render drafts shown with drafts as noindex on worker threads too, byte for byte as this thread does', async () => {
    // Enough articles that worker threads read some of the drafts (and so render their pages).
    const drafted = await copyBlogContent(path.join(tmp, 'content-draft'));
    await generateArticles(drafted, 40);
    const drafts = ['00005', '00025', '00039'].map((n) => path.join('blog', `bench-${n}`));
    for (const d of drafts) {
      const file = path.join(drafted, `${d}.md`);
      await writeFile(file, (await readFile(file, 'utf8')).replace(/^---\n/, '---\ndraft: true\n'));
    }
    const built = async (workers: number) => {
      const out = path.join(tmp, `out-draft-${workers}`);
      await build({ root: BLOG_SITE, content: drafted, out, cache: false, cacheDir: path.join(tmp, `cache-draft-${workers}`), workers, drafts: true, backend: null, log: () => {}, progress: false, socialImages: false });
      return Promise.all(drafts.map((d) => readFile(path.join(out, `${d}.html`), 'utf8')));
    };
    const one = await built(0);
    for (const page of one) expect(page).toMatch(/<meta name="robots" content="noindex, nofollow"\/?>/);
    expect(await built(2)).toEqual(one);
  });
});
