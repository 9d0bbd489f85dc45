/**
 * Incremental content: after an edit to one article, re-reads only that
 * article and returns the new Content, so `site dev` re-renders only the
 * pages that read it. Any other file re-reads the site files (a handful of
 * JSON and legal files) and keeps the articles; an unknown article change
 * (a new file may collide with another slug) reloads everything.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { loadContent, loadPost, loadSiteContent, sortPosts, type Content } from './load.ts';

const exists = (p: string) => access(p).then(() => true, () => false);

export async function updateContent(content: Content, rel: string): Promise<Content> {
  const file = rel.split(path.sep).join('/');
  const blog = /^blog\/([^/]+)\.md$/.exec(file);
  if (blog) {
    const slug = blog[1]!;
    const others = content.posts.filter((p) => p.slug !== slug);
    if (!(await exists(path.join(content.dir, file)))) return { ...content, posts: others };
    if (others.length === content.posts.length) return loadContent(content.dir);
    const post = await loadPost(content.dir, `${slug}.md`);
    return { ...content, posts: sortPosts([...others, post]) };
  }
  return { ...(await loadSiteContent(content.dir)), posts: content.posts };
}
