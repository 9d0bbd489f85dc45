/** The site's plan from the tiny site: what meta() returns is checked, and previews (drafts shown) are noindex and left out of the files. */
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../generator/core/errors.ts';
import { planSite } from '../../../generator/plan/planSite.ts';
import { publishedOnly } from '../../../generator/plan/publishedOnly.ts';
import type { SiteMeta } from '../../../generator/site/defineConfig.ts';
import { site, tinySnapshot } from '../helpers/tinySite.tsx';

const publish = { drafts: false, future: false, now: Date.parse('2026-01-01T00:00:00Z') };

function failure(run: () => unknown): SiteError {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(SiteError);
    return e as SiteError;
  }
  throw new Error('expected a SiteError');
}

describe('planSite', () => {
  it('refuses a field meta() returns that the engine does not know, naming the nearest one', async () => {
    const content = await tinySnapshot();
    const withMeta = (extra: object) => ({ ...site, meta: (c: Parameters<typeof site.meta>[0]) => ({ ...site.meta(c), ...extra }) as SiteMeta });
    const e = failure(() => planSite({ site: withMeta({ favIcon: 'icon.svg' }), content, publish }));
    expect(e.code).toBe('SiteConfigInvalid');
    expect(e.message).toBe(
      'site.config.ts: "meta().favIcon" is not a field of what meta() returns: did you mean "favicon"? (it takes name, url, language, locale, socialImage, favicon, feed).',
    );
    const feed = failure(() => planSite({ site: withMeta({ feed: { title: 'Blog', url: '/feed.xml' } }), content, publish }));
    expect(feed.message).toMatch(/^site\.config\.ts: "meta\(\)\.feed\.url" is not a field of what meta\(\)\.feed returns/);
    expect(planSite({ site, content, publish }).meta.name).toBe('Tiny');
  });

  it('a draft shown with --drafts is a noindex page that the files hooks do not see', async () => {
    const content = await tinySnapshot();
    const posts = content.collections.posts as { file: string }[];
    const drafted = { ...site, collections: { ...site.collections, posts: { ...site.collections.posts, draft: (e: { slug: string }) => e.slug === 'why-tiny' } } };
    const held = planSite({ site: drafted, content, publish });
    expect(held.routes.map((r) => r.path)).not.toContain('/blog/why-tiny');
    const shown = planSite({ site: drafted, content, publish: { ...publish, drafts: true } });
    expect(shown.previews).toEqual(['blog/why-tiny.md']);
    expect(shown.routes.find((r) => r.path === '/blog/why-tiny')?.indexable).toBe(false);
    expect(shown.routes.find((r) => r.path === '/blog/first-steps')?.indexable).toBe(true);
    const seen = publishedOnly(shown);
    expect(seen.routes.map((r) => r.path)).not.toContain('/blog/why-tiny');
    expect((seen.collections.posts as { file: string }[]).map((p) => p.file)).not.toContain('blog/why-tiny.md');
    expect((seen.collections.posts as unknown[]).length).toBe(posts.length - 1);
  });
});
