/**
 * The blog's RSS feed, newest first: the newest FEED_ITEMS articles (readers poll it every few hours; a
 * feed of every article would send a big blog's whole archive on each poll). The blog index, the sitemap
 * and llms.txt list them all. Pure.
 */
import { rssFeed, type PageTools } from 'skerry';
import type { Content } from '../collections.ts';

export const FEED_ITEMS = 50;

export function feed({ content, url }: PageTools<Content>): string {
  const { site, posts } = content;
  return rssFeed({
    title: `${site.name} Blog`,
    link: url('/blog'),
    self: url('/feed.xml'),
    description: content.pages.blog.seo.description,
    language: site.language,
    items: posts.slice(0, FEED_ITEMS).map((p) => ({
      title: p.title,
      link: url(`/blog/${p.slug}`),
      date: p.date,
      category: p.category,
      description: p.description,
    })),
  });
}
