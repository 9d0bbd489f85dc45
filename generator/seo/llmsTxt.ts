/**
 * /llms.txt in the llmstxt.org format: an H1 with the site name, a
 * blockquote summary, then H2 sections of links with one-line notes.
 * Generated from the AI-overview page and the route table. Pure.
 */
import type { Content } from '../content/load.ts';
import type { Route } from '../routes.ts';
import { absoluteUrl } from './absoluteUrl.ts';

export function llmsTxt(content: Content, routes: Route[], siteUrl: string): string {
  const { site } = content;
  const overview = routes.find((r) => r.template === 'ai-overview');
  const link = (r: Route, name: string) => `- [${name}](${absoluteUrl(siteUrl, r.path)}): ${r.description}`;
  const pages = routes.filter((r) => r.indexable && !r.post && r.path !== '/');
  const posts = routes.filter((r) => r.post);
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
    ...posts.map((r) => link(r, r.post!.title)),
    '',
    '## Optional',
    '',
    `- [Sitemap](${absoluteUrl(siteUrl, '/sitemap.xml')}): every indexable page`,
    `- [RSS feed](${absoluteUrl(siteUrl, '/feed.xml')}): the blog, newest first`,
    '',
  ];
  return lines.join('\n');
}
