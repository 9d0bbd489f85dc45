/**
 * The document shell every page shares: lang, charset, viewport, and a slot
 * for the rest of <head> (headHtml.ts: CSP, head tags, the hashed
 * stylesheet, module scripts, JSON-LD), which goes in (aroundHead) after
 * React has rendered the page. React itself writes charset and viewport
 * first, then the preloads it hoists out of the body (the navigation's
 * logo), then the slot. No inline scripts: JSON-LD is data (type
 * application/ld+json), never executed.
 */
import { randomBytes } from 'node:crypto';
import type { ReactNode } from 'react';
import type { HeadParts } from './headHtml.ts';

// Control characters around a per-process nonce: React writes the text as it is, and nothing before the
// slot comes from content but preload URLs, which cannot hold it.
const HEAD_SLOT = `\u0001head${randomBytes(6).toString('hex')}\u0002`;

/** `head`: the head tags as React elements instead of the slot (a build measuring headHtml: speedLayers.cjs). */
export function Document({ lang, head, children }: { lang: string; head?: ReactNode; children: ReactNode }) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {head ?? HEAD_SLOT}
      </head>
      <body>{children}</body>
    </html>
  );
}

/**
 * A rendered Document cut at its head slot: what goes before the rest of <head> (headHtml), and what
 * goes after it. Kept apart rather than joined: a page is written in pieces, and joining would copy it.
 */
export function aroundHead(html: string): [before: string, after: string] {
  const at = html.indexOf(HEAD_SLOT);
  if (at < 0) throw new Error('the document has no head slot');
  return [html.slice(0, at), html.slice(at + HEAD_SLOT.length)];
}

/**
 * What headHtml writes, as React elements: React hoists and writes them itself, byte for byte the same
 * (tests/integration/speedLayers.test.ts). The slower path, for a build that measures headHtml.
 */
export function HeadElements({ csp, head, icon, stylesheet, scripts, jsonLd }: HeadParts) {
  return (
    <>
      <meta httpEquiv="Content-Security-Policy" content={csp} />
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
