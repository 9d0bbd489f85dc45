/**
 * The document shell every page shares: lang, charset, viewport, and the
 * rest of <head> (HeadElements: CSP, head tags, the hashed stylesheet,
 * module scripts, JSON-LD), which React hoists and writes after charset,
 * viewport and the preloads it hoists out of the body (the navigation's
 * logo). No inline scripts: JSON-LD is data (type application/ld+json),
 * never executed.
 */
import type { ReactNode } from 'react';
import { SEARCH_INDEX_META } from '../islands/searchFormat.ts';
import type { HeadTag } from '../seo/headTags.ts';

/** `dir` only on a multilingual site (its locale's "ltr" or "rtl"). */
export function Document({ lang, dir, head, children }: { lang: string; dir?: 'ltr' | 'rtl'; head: ReactNode; children: ReactNode }) {
  return (
    <html lang={lang} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {head}
      </head>
      <body>{children}</body>
    </html>
  );
}

/** The page-specific part of <head>. */
export interface HeadParts {
  csp: string;
  /** The route's head tags (seo/headTags.ts). */
  head: HeadTag[];
  /** The favicon's URL; '' for none (an empty data: icon then, so browsers do not ask for /favicon.ico). */
  icon: string;
  /** The stylesheet's URL; '' for none. */
  stylesheet: string;
  /** Module scripts (src). */
  scripts: string[];
  /** Serialized JSON-LD blocks (seo/jsonLd.ts serializeJsonLd: safe inside <script>). */
  jsonLd: string[];
  /** On a multilingual site with a search index: the URL of the page's locale's manifest (`searchIndex()` reads it). */
  searchIndex?: string;
}

/** The page-specific head tags as React elements, in this order: CSP first, JSON-LD last. */
export function HeadElements({ csp, head, icon, stylesheet, scripts, jsonLd, searchIndex }: HeadParts) {
  return (
    <>
      <meta httpEquiv="Content-Security-Policy" content={csp} />
      {searchIndex && <meta name={SEARCH_INDEX_META} content={searchIndex} />}
      {head.map((t, i) => (t.tag === 'title' ? <title key={i}>{t.text}</title> : t.tag === 'meta' ? <meta key={i} {...t.attrs} /> : <link key={i} {...t.attrs} />))}
      {icon ? <link rel="icon" href={icon} type="image/svg+xml" /> : <link rel="icon" href="data:," />}
      {stylesheet && <link rel="stylesheet" href={stylesheet} />}
      {scripts.map((src) => (
        <script key={src} type="module" src={src} />
      ))}
      {jsonLd.map((json, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
      ))}
    </>
  );
}
