/** Test helpers: the real site and its content folder, loaded once per test file, and small synthetic posts. */
import { fileURLToPath } from 'node:url';
import { loadContent, type ContentSnapshot } from '../../../../generator/content/load.ts';
import { markdownRenderer } from '../../../../generator/content/markdownRenderer.ts';
import site from '../../../../site.config.ts';
import type { Content, Post } from '../../../../templates/collections.ts';

export { site };
export const contentDir = fileURLToPath(new URL('../../../../content', import.meta.url));

let cached: Promise<ContentSnapshot> | undefined;

/** The real content as the engine holds it (read-only: copy before changing anything). */
export function realSnapshot(): Promise<ContentSnapshot> {
  cached ??= markdownRenderer(site.markdown).then((render) => loadContent(contentDir, site.collections, render));
  return cached;
}

/** The real content as templates see it (read-only: copy before changing anything). */
export async function realContent(): Promise<Content> {
  return (await realSnapshot()).collections as Content;
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
