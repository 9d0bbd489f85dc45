/**
 * The document shell every page shares: lang, charset, viewport, head tags,
 * the hashed stylesheet, JSON-LD blocks and module scripts. No inline
 * scripts: JSON-LD is data (type application/ld+json), never executed.
 */
import type { ReactNode } from 'react';
import type { HeadTag } from '../seo/headTags.ts';

export interface DocumentProps {
  lang: string;
  csp: string;
  head: HeadTag[];
  stylesheet: string;
  icon: string;
  jsonLd: string[];
  scripts: string[];
  children: ReactNode;
}

export function Document({ lang, csp, head, stylesheet, icon, jsonLd, scripts, children }: DocumentProps) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content={csp} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {head.map((t, i) =>
          t.tag === 'title' ? <title key={i}>{t.text}</title> : t.tag === 'meta' ? <meta key={i} {...t.attrs} /> : <link key={i} {...t.attrs} />,
        )}
        <link rel="icon" href={icon} type="image/svg+xml" />
        <link rel="stylesheet" href={stylesheet} />
        {scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
        {jsonLd.map((json, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
        ))}
      </head>
      <body>{children}</body>
    </html>
  );
}
