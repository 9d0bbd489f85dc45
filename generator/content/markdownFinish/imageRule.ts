import type { RendererRule } from 'markdown-it';
import { markdownImageHtml } from '../../images/markdownImages.ts';
import type { ImageMeta, SiteEnv } from './siteEnv.ts';

/**
 * The image rule over markdown-it's own: an image with a relative source becomes the marker the build
 * replaces with its <picture> (images/markdownImages.ts); any other image is written as markdown-it writes it.
 */
export function imageRule(plainImage: RendererRule): RendererRule {
  return (tokens, idx, options, env: SiteEnv, self) => {
    const t = tokens[idx]!;
    const src = t.attrGet('src');
    const meta = t.meta as ImageMeta | null;
    if (src === null || !meta) return plainImage(tokens, idx, options, env, self);
    const alt = self.renderInlineAsText(t.children ?? [], options, env);
    const marker = markdownImageHtml({ src, alt, title: t.attrGet('title') ?? undefined, line: meta.line, priority: meta.priority }, env.at);
    return marker ?? plainImage(tokens, idx, options, env, self);
  };
}
