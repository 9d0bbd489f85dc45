import { ButtonLink } from '../components/ButtonLink.tsx';
import { ContactButton } from '../components/ContactButton.tsx';
import { Icon } from '../components/Icon.tsx';
import { useSite } from '../SiteContext.ts';

/** "Still have questions?": support email, the contact dialog and the enterprise page. */
export function PricingHelp() {
  const { site, pages } = useSite().content;
  const { help } = pages.pricing;
  return (
    <section className="section section-plain" aria-labelledby="help-heading">
      <div className="container help-card">
        <div>
          <h2 id="help-heading">{help.heading}</h2>
          {help.intro && <p className="lead">{help.intro}</p>}
          <p className="help-email">
            <Icon name="Mail" />
            <span>
              {help.emailLabel} <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
            </span>
          </p>
        </div>
        <div className="actions">
          <ContactButton variant="primary">{help.contactButton}</ContactButton>
          <ButtonLink href={help.enterpriseLink.href}>{help.enterpriseLink.label}</ButtonLink>
        </div>
      </div>
    </section>
  );
}
