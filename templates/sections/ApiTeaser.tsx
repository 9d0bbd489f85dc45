import { CheckList } from '../components/CheckList.tsx';
import { ContactButton } from '../components/ContactButton.tsx';
import { useSite } from '../SiteContext.ts';

/**
 * The REST API teaser: what it does and one example request (a marketing example, not a real call).
 * The request scrolls sideways on a phone in a focusable, named region with shadows at its cut edges.
 */
export function ApiTeaser() {
  const { api } = useSite().content.pages.enterprise;
  return (
    <section className="section section-plain" aria-labelledby="api-heading">
      <div className="container split">
        <div>
          <h2 id="api-heading">{api.heading}</h2>
          {api.intro && <p className="lead">{api.intro}</p>}
          <CheckList items={api.points} />
          <div className="actions">
            <ContactButton variant="primary">{api.button}</ContactButton>
          </div>
        </div>
        <figure className="code-block" data-api-example="">
          <figcaption id="api-example-caption">{api.requestLabel}</figcaption>
          <pre className="scroll-shadows" tabIndex={0} role="region" aria-labelledby="api-example-caption">
            <code>
              <span className="code-method">{api.method}</span> {api.path}
              {'\n\n'}
              {JSON.stringify(api.body, null, 2)}
            </code>
          </pre>
        </figure>
      </div>
    </section>
  );
}
