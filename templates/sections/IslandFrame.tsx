import type { ReactNode } from 'react';

/**
 * The frame of a page whose working part is a React island (waitlist, auth,
 * admin): h1, lead and the island, server-rendered in its first state.
 * Without JavaScript a <noscript> message says the page needs it.
 */
export function IslandFrame(props: { heading: string; lead: string; fallback: string; island: ReactNode; aside?: ReactNode }) {
  const { heading, lead, fallback, island, aside } = props;
  return (
    <section className="island-page" aria-labelledby="page-title">
      <div className={aside ? 'container island-grid' : 'container container-small'}>
        <div className="island-card">
          <h1 id="page-title">{heading}</h1>
          <p className="lead">{lead}</p>
          <noscript>
            <p className="island-fallback">{fallback}</p>
          </noscript>
          {island}
        </div>
        {aside}
      </div>
    </section>
  );
}
