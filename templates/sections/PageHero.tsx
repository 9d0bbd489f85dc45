import type { ReactNode } from 'react';

/** The top of an inner page: eyebrow, h1, lead and optional actions or extras. */
export function PageHero({ eyebrow, heading, lead, children }: { eyebrow?: string; heading: string; lead: string; children?: ReactNode }) {
  return (
    <section className="page-hero" aria-labelledby="page-title">
      <div className="container">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1 id="page-title">{heading}</h1>
        <p className="lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}
