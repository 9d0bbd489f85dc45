/** The blog fixture (tests/fixtures/blog-site): its folder, and copies of its content or of the whole site to change in a test. */
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The fixture's folder: the project root of builds that read a copy of its content (`root` / the CLI's working folder). */
export const BLOG_SITE = fileURLToPath(new URL('../fixtures/blog-site', import.meta.url));

/** Its site URL (content/site.json). */
export const BLOG_URL = 'https://quill.example';

/** Copies the fixture's content folder to `dir` and returns `dir`. */
export async function copyBlogContent(dir: string): Promise<string> {
  await cp(path.join(BLOG_SITE, 'content'), dir, { recursive: true });
  return dir;
}

/** Copies the whole fixture (config, content, templates; not its cache) to `dir` and returns `dir`. */
export async function copyBlogSite(dir: string): Promise<string> {
  for (const p of ['site.config.ts', 'content', 'templates']) await cp(path.join(BLOG_SITE, p), path.join(dir, p), { recursive: true });
  return dir;
}
