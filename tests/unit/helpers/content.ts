/** Test helpers: the real content folder, loaded once per test file, and small synthetic posts. */
import { fileURLToPath } from 'node:url';
import { loadContent, type Content, type Post } from '../../../generator/content/load.ts';

export const contentDir = fileURLToPath(new URL('../../../content', import.meta.url));

let cached: Promise<Content> | undefined;

/** The real content (read-only: copy before changing anything). */
export function realContent(): Promise<Content> {
  cached ??= loadContent(contentDir);
  return cached;
}

/** A post with only the fields routes and SEO read. */
export function fakePost(slug: string, overrides: Partial<Post> = {}): Post {
  return {
    slug,
    file: `blog/${slug}.md`,
    hash: `hash-of-${slug}`,
    title: `Title of ${slug}`,
    description: `Description of ${slug}`,
    date: '2025-10-01',
    readTime: '5 min read',
    category: 'Tools',
    author: 'The Decksmith Team',
    html: '<p>Body</p>',
    headings: [],
    words: 1,
    ...overrides,
  };
}

export const SITE_URL = 'https://decksmith.ai';
