import MarkdownIt from 'markdown-it';

/** markdown-it's URL check: refuses javascript:, vbscript:, file: and data: (but gif/png/jpeg/webp images). */
export const validateLink: (url: string) => boolean = new MarkdownIt('zero').validateLink;
