/**
 * The output of the redirect table: `_redirects` (Netlify and Cloudflare Pages: "/old /new 301" a
 * line, which `site preview` reads too) and, for hosts without it, a small page at each old path's
 * file that sends the browser on (meta refresh), names the new URL as canonical, is noindex and shows
 * a link. No script and no style: the strict CSP holds. Not routes, so never in the sitemap. Pure.
 */
import { absoluteUrl } from '../seo/absoluteUrl.ts';
import { escapeXml } from '../seo/escapeXml.ts';
import type { Redirect } from './redirectTable.ts';

export const REDIRECTS_FILE = '_redirects';

/** `_redirects` and one page per old path, by output file; nothing without redirects. */
export function redirectFiles(redirects: Redirect[], siteUrl: string, language: string): Record<string, string> {
  if (!redirects.length) return {};
  const files: Record<string, string> = { [REDIRECTS_FILE]: redirectsFile(redirects) };
  for (const r of redirects) files[r.file] = redirectPage(r, siteUrl, language);
  return files;
}

export function redirectsFile(redirects: Redirect[]): string {
  return redirects.map((r) => `${r.from} ${r.to} 301\n`).join('');
}

export function redirectPage(r: Redirect, siteUrl: string, language: string): string {
  const url = absoluteUrl(siteUrl, r.to);
  const to = escapeXml(r.to);
  return [
    '<!doctype html>',
    `<html lang="${escapeXml(language)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>Redirecting to ${to}</title>`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<meta http-equiv="refresh" content="0; url=${to}">`,
    `<link rel="canonical" href="${escapeXml(url)}">`,
    '</head>',
    '<body>',
    `<p>This page has moved to <a href="${to}">${escapeXml(url)}</a>.</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
