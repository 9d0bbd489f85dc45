import type { ReactNode } from 'react';
import type { CtaBand as Cta } from '../schemas.ts';
import { CheckList } from '../components/CheckList.tsx';

/** The closing call to action: heading, lead, reassurance points and the page's buttons. */
export function CtaBand({ id, cta, children }: { id: string; cta: Cta; children: ReactNode }) {
  return (
    <section className="cta-band" aria-labelledby={id}>
      <div className="container cta-band-inner">
        <h2 id={id}>{cta.heading}</h2>
        <p className="lead">{cta.lead}</p>
        {cta.points && <CheckList items={cta.points} className="cta-points" />}
        <div className="actions actions-center">{children}</div>
      </div>
    </section>
  );
}
