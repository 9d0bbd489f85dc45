import type { ReactNode } from 'react';

/**
 * The frame of a page whose working part is a React island (waitlist, auth,
 * admin): h1, lead and the island, server-rendered in its first state.
 * Without JavaScript a <noscript> message says the page needs it. `wide`
 * gives the island the page's full width (the admin's table of messages).
 */
export function IslandFrame(props: { heading: string; lead: string; fallback: string; island: ReactNode; aside?: ReactNode; wide?: boolean }) {
  const { heading, lead, fallback, island, aside, wide } = props;
  return (
    <section className="island-page" aria-labelledby="page-title">
      <div className={aside ? 'container island-grid' : wide ? 'container' : 'container container-small'}>
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
