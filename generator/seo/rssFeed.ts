/** An RSS 2.0 feed from a list of items, newest first as given. Pure. */
import { escapeXml } from './escapeXml.ts';

export interface FeedItem {
  title: string;
  link: string;
  /** yyyy-MM-dd. */
  date: string;
  category?: string;
  description: string;
}

export interface Feed {
  title: string;
  /** The page the feed stands for, and the feed's own URL (absolute). */
  link: string;
  self: string;
  description: string;
  language: string;
  items: FeedItem[];
}

const rfc822 = (date: string) => new Date(`${date}T00:00:00Z`).toUTCString();

export function rssFeed(feed: Feed): string {
  const items = feed.items.map((p) =>
    [
      '    <item>',
      `      <title>${escapeXml(p.title)}</title>`,
      `      <link>${escapeXml(p.link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(p.link)}</guid>`,
      `      <pubDate>${rfc822(p.date)}</pubDate>`,
      ...(p.category ? [`      <category>${escapeXml(p.category)}</category>`] : []),
      `      <description>${escapeXml(p.description)}</description>`,
      '    </item>',
    ].join('\n'),
  );
  const last = feed.items[0] ? `\n    <lastBuildDate>${rfc822(feed.items[0].date)}</lastBuildDate>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(feed.title)}</title>
    <link>${escapeXml(feed.link)}</link>
    <atom:link href="${escapeXml(feed.self)}" rel="self" type="application/rss+xml"/>
    <description>${escapeXml(feed.description)}</description>
    <language>${escapeXml(feed.language)}</language>${last}
${items.join('\n')}
  </channel>
</rss>
`;
}
