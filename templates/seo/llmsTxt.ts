/**
 * /llms.txt in the llmstxt.org format: an H1 with the site name, a
 * blockquote summary, then H2 sections of links with one-line notes.
 * Generated from the AI-overview page and the route table. Pure.
 */
import type { PageTools } from 'skerry';
import type { Content } from '../collections.ts';
import type { SiteRoute } from '../routes.ts';

export function llmsTxt(routes: SiteRoute[], { content, url }: PageTools<Content>): string {
  const { site } = content;
  const overview = routes.find((r) => r.template === 'ai-overview');
  const link = (r: SiteRoute, name: string) => `- [${name}](${url(r.path)}): ${r.description}`;
  // The blog's later pages and category pages list the articles the Blog section links already.
  const pages = routes.filter((r) => r.indexable && !r.entry && r.path !== '/' && !(r.listing && (r.listing.page > 1 || r.listing.category)));
  const posts = routes.filter((r) => r.entry);
  const lines = [
    `# ${site.name}`,
    '',
    `> ${site.description}`,
    '',
    site.tagline,
    '',
    '## Product',
    '',
    ...(overview ? [link(overview, 'AI overview: structured product information')] : []),
    ...pages.filter((r) => r !== overview).map((r) => link(r, r.breadcrumbs.at(-1)?.name ?? r.title)),
    '',
    '## Blog',
    '',
    ...posts.map((r) => link(r, r.entry!.title)),
    '',
    '## Optional',
    '',
    `- [Sitemap](${url('/sitemap.xml')}): every indexable page`,
    `- [RSS feed](${url('/feed.xml')}): the blog, newest first`,
    '',
  ];
  return lines.join('\n');
}
