import type { ReactNode } from 'react';

/** The top of an inner page: optional breadcrumbs, eyebrow, h1, lead and optional actions or extras. */
export function PageHero({
  top,
  eyebrow,
  heading,
  lead,
  children,
}: {
  top?: ReactNode;
  eyebrow?: string;
  heading: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <section className="page-hero" aria-labelledby="page-title">
      <div className="container">
        {top}
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1 id="page-title">{heading}</h1>
        <p className="lead">{lead}</p>
        {children}
      </div>
    </section>
  );
}
