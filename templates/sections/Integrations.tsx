import { CheckList } from '../components/CheckList.tsx';
import { IntegrationTile } from '../components/IntegrationTile.tsx';
import { useSite } from '../SiteContext.ts';

/** CRM and sales intelligence, Slack, and BI: three labelled panels side by side. */
export function Integrations() {
  const { crm, slack, bi } = useSite().content.pages.enterprise;
  return (
    <div className="section section-tint">
      <div className="container integrations">
        <section className="integration-panel integration-panel-wide" aria-labelledby="crm-heading">
          <h2 id="crm-heading">{crm.heading}</h2>
          {crm.intro && <p>{crm.intro}</p>}
          <ul className="integration-tiles">
            {crm.tiles.map((t) => (
              <IntegrationTile key={t.name} tile={t} />
            ))}
          </ul>
        </section>
        <section className="integration-panel" aria-labelledby="slack-heading">
          <h2 id="slack-heading">{slack.heading}</h2>
          {slack.intro && <p>{slack.intro}</p>}
          <ul className="integration-tiles">
            <IntegrationTile tile={slack.tile} />
          </ul>
          <CheckList items={slack.points} />
        </section>
        <section className="integration-panel" aria-labelledby="bi-heading">
          <h2 id="bi-heading">{bi.heading}</h2>
          {bi.intro && <p>{bi.intro}</p>}
          <ul className="integration-tiles">
            {bi.tiles.map((t) => (
              <IntegrationTile key={t.name} tile={t} />
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
