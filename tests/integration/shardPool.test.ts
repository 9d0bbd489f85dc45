/**
 * The shard pool's workers stop as soon as the pages are rendered (their heaps gone before the search
 * index and the checks); the build closes the pool again when it ends, which finds nothing left to stop.
 * On the blog fixture (tests/fixtures/blog-site).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageAnalysers } from '../../generator/stages/pageAnalysers.ts';
import { ShardPool } from '../../generator/shards/ShardPool.ts';
import { loadSite, siteRenderer } from '../../generator/site/loadSite.ts';
import { generateArticles } from '../../scripts/generateArticles.ts';
import { BLOG_SITE, copyBlogContent } from './blogSite.ts';

let tmp: string;
let content: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-pool-'));
  content = path.join(tmp, 'content');
  await copyBlogContent(content);
  await generateArticles(content, 20);
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('ShardPool', () => {
  it('closes once: a second close, with its workers already stopped, returns at once', async () => {
    const site = await loadSite(BLOG_SITE);
    const pool = new ShardPool(site, await siteRenderer(site), BLOG_SITE, () => {}, { features: pageAnalysers(site), entry: 'generator/stages/renderWorker.ts' });
    await pool.useWorkers(1, 20);
    const parsed = await pool.parse(content, 'posts', [{ file: 'bench-00000.md' }, { file: 'bench-00001.md' }], () => {});
    expect(parsed.metas.map((m) => m.file)).toEqual(['blog/bench-00000.md', 'blog/bench-00001.md']);
    await pool.close();
    const second = await Promise.race([pool.close().then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 5000))]);
    expect(second).toBe('closed');
    expect(pool.workerCount).toBe(1);
  });
});
