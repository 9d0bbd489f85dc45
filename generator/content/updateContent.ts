/**
 * Incremental content: reloads only the one file that changed and returns
 * the new Content, so `site dev` re-renders only the pages that read it.
 * Any file it does not know (or a site-wide file) reloads everything.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { loadContent, loadJson, loadLegal, loadPost, legalNames, type Content, type LegalName } from './load.ts';
import { pageSchemas, type PageName } from './schemas.ts';

const exists = (p: string) => access(p).then(() => true, () => false);

export async function updateContent(content: Content, rel: string): Promise<Content> {
  const file = rel.split(path.sep).join('/');
  const blog = /^blog\/([^/]+)\.md$/.exec(file);
  if (blog) {
    const slug = blog[1]!;
    const others = content.posts.filter((p) => p.slug !== slug);
    if (!(await exists(path.join(content.dir, file)))) return { ...content, posts: others };
    // A new file may collide with another slug: the full loader checks that.
    if (others.length === content.posts.length) return loadContent(content.dir);
    const post = await loadPost(content.dir, `${slug}.md`);
    const posts = [...others, post].sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
    return { ...content, posts };
  }
  const page = /^pages\/([^/]+)\.json$/.exec(file);
  if (page && page[1]! in pageSchemas) {
    const name = page[1] as PageName;
    const data = await loadJson(content.dir, file, pageSchemas[name]);
    return { ...content, pages: { ...content.pages, [name]: data } };
  }
  const legal = /^legal\/([^/]+)\.md$/.exec(file);
  if (legal && (legalNames as readonly string[]).includes(legal[1]!)) {
    const name = legal[1] as LegalName;
    return { ...content, legal: { ...content.legal, [name]: await loadLegal(content.dir, name) } };
  }
  return loadContent(content.dir);
}
