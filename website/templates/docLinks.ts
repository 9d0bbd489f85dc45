/**
 * A markdown-it plugin: the links between the repository's markdown files, as GitHub follows them
 * (`reference.md#languages`, `../README.md#cli`, `docs/deploy.md`), become the docs site's addresses:
 * README.md is /, docs/<name>.md is /<name>, the #anchor kept. A link to another file of the
 * repository leads to it on GitHub. The file a link is in is the one the engine is rendering
 * (env.at.file, relative to the content folder, whose README.md and docs/ are the repository's). Pure.
 */
import path from 'node:path';
import type MarkdownIt from 'markdown-it';
import { guidePath } from './routes.ts';

export interface DocLinksOptions {
  /** The repository's address on GitHub: where a link to a file outside README.md and docs/ goes. */
  repository: string;
}

/** The address of a link `href` written in the file `from`; null for one that is not a link to a file of the repository. */
export function docLink(href: string, from: string, { repository }: DocLinksOptions): string | null {
  if (/^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(href)) return null;
  const [file = '', anchor] = href.split('#');
  if (!file) return null;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), file));
  const hash = anchor ? `#${anchor}` : '';
  if (target === 'README.md') return `/${hash}`;
  const guide = /^docs\/([^/]+)\.md$/.exec(target);
  if (guide) return `${guidePath(guide[1]!)}${hash}`;
  return `${repository}/blob/main/${target}${hash}`;
}

export function docLinks(md: MarkdownIt, options: DocLinksOptions): void {
  md.core.ruler.push('doc-links', (state) => {
    const from = (state.env as { at?: { file?: string } }).at?.file ?? 'README.md';
    for (const block of state.tokens) {
      for (const token of block.children ?? []) {
        if (token.type !== 'link_open') continue;
        const to = docLink(token.attrGet('href') ?? '', from, options);
        if (to) token.attrSet('href', to);
      }
    }
  });
}
