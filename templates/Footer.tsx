/** Footer: links from site.json and the Contact button. */
import { useSite } from './SiteContext.ts';

export function Footer() {
  const { site } = useSite().content;
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <ul>
          {site.footer.map((l) => (
            <li key={l.href}>
              <a href={l.href}>{l.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <button type="button" className="button" commandfor="contact-dialog" command="show-modal">
        {site.contactLabel}
      </button>
      <p>
        © {site.foundingDate} {site.name}
      </p>
    </footer>
  );
}
