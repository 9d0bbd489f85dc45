/**
 * RSS 2.0 feed of the blog, newest first: the newest FEED_ITEMS articles (readers poll it every few
 * hours; a feed of every article would send a big blog's whole archive on each poll). The blog index,
 * the sitemap and llms.txt list them all. Pure.
 */
import type { Content } from '../content/load.ts';
import { absoluteUrl } from './absoluteUrl.ts';
import { escapeXml } from './escapeXml.ts';

const rfc822 = (date: string) => new Date(`${date}T00:00:00Z`).toUTCString();

export const FEED_ITEMS = 50;

export function feed(content: Content, siteUrl: string): string {
  const { site, posts } = content;
  const items = posts.slice(0, FEED_ITEMS).map((p) => {
    const link = absoluteUrl(siteUrl, `/blog/${p.slug}`);
    return [
      '    <item>',
      `      <title>${escapeXml(p.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${rfc822(p.date)}</pubDate>`,
      `      <category>${escapeXml(p.category)}</category>`,
      `      <description>${escapeXml(p.description)}</description>`,
      '    </item>',
    ].join('\n');
  });
  const last = posts[0] ? `\n    <lastBuildDate>${rfc822(posts[0].date)}</lastBuildDate>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(`${site.name} Blog`)}</title>
    <link>${escapeXml(absoluteUrl(siteUrl, '/blog'))}</link>
    <atom:link href="${escapeXml(absoluteUrl(siteUrl, '/feed.xml'))}" rel="self" type="application/rss+xml"/>
    <description>${escapeXml(content.pages.blog.seo.description)}</description>
    <language>${escapeXml(site.language)}</language>${last}
${items.join('\n')}
  </channel>
</rss>
`;
}
