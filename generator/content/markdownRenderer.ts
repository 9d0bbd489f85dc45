/** The markdown engine a site picks (markdown-it by default). */
import { renderMarkdown, type MarkdownResult } from './markdown.ts';

export interface MarkdownOptions {
  engine?: 'markdown-it' | 'remark';
  markdownItPlugins?: unknown[];
  remarkPlugins?: unknown[];
}

export function markdownRenderer(_options: MarkdownOptions = {}): (source: string) => MarkdownResult {
  return renderMarkdown;
}
