/**
 * The site's post-processing, shared by both markdown engines: a markdown-it instance whose rules after
 * parsing (markdown-it-footnote's footnote tail, finishTokens, the image rule, highlighting) and whose
 * renderer write every page. The markdown-it engine parses with it; the remark engine parses with remark
 * and hands its tree over as the same tokens (mdastTokens.ts), so one set of passes decides heading ids,
 * refused URLs, raw HTML, footnotes, images and code for both.
 *
 * Safe HTML: raw HTML in the source is dropped (parsed as html_block/html_inline tokens that finishTokens
 * removes; escaping it instead would print the tags as text). validateLink refuses javascript:, vbscript:,
 * file: and data: URLs (data: only for gif/png/jpeg/webp images); a refused link keeps its text, without href.
 */
import MarkdownIt from 'markdown-it';
import footnote from 'markdown-it-footnote';
import type { PluginSimple } from 'markdown-it';
import { codeHighlighter, highlightedBlock, type HighlightOptions } from '../highlightCode.ts';
import { finishTokens } from './finishTokens.ts';
import { imageRule } from './imageRule.ts';
import { componentRule } from '../components/componentRule.ts';

/** A new instance set up for the site; fenced code with a language is highlighted unless `highlight` is false. */
export function siteMarkdownIt(highlight: HighlightOptions | false = {}): MarkdownIt {
  const highlighter = highlight === false ? null : codeHighlighter(highlight);
  // html: true only so raw HTML arrives as tokens, which finishTokens drops.
  // (@types/markdown-it-footnote types the plugin against markdown-it's CommonJS typings, hence the cast.)
  const md = new MarkdownIt({
    html: true,
    linkify: true,
    typographer: false,
    // markdown-it writes a result that starts with <pre> as it is, and escapes the block itself for "".
    highlight: highlighter && ((code: string, lang: string) => (lang ? highlightOrEmpty(highlighter(code, lang), lang) : '')),
  }).use(footnote as unknown as PluginSimple);
  // finishTokens applies validateLink to every href and src. At parse time markdown-it would turn
  // [x](javascript:…) into the literal text "[x](javascript:…)"; afterwards it leaves <a>x</a>.
  md.validateLink = () => true;
  md.core.ruler.push('site_finish', finishTokens);
  md.renderer.rules.image = imageRule(md.renderer.rules.image!);
  md.renderer.rules.site_component = componentRule;
  return md;
}

const highlightOrEmpty = (inner: string | null, lang: string): string => (inner === null ? '' : highlightedBlock(inner, lang));
