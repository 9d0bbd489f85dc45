/** Footer: logo and tagline, links from site.json, the Contact button (opens the contact dialog). */
import { ContactButton } from './components/ContactButton.tsx';
import { useSite } from './SiteContext.ts';

export function Footer() {
  const { content, asset } = useSite();
  const { site } = content;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <a href="/" className="footer-logo">
            <img src={asset(site.logo)} alt={site.name} width="140" height="32" loading="lazy" />
          </a>
          <p>{site.tagline}</p>
        </div>
        <nav aria-label={site.labels.footerNav}>
          <ul className="footer-links">
            {site.footer.map((l) => (
              <li key={l.href}>
                <a href={l.href}>{l.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer-contact">
          <ContactButton variant="secondary">{site.contactLabel}</ContactButton>
        </div>
      </div>
      <div className="container footer-bottom">
        <p>
          © {site.foundingDate} {site.name}
        </p>
      </div>
    </footer>
  );
}
