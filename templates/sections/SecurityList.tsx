import { ContactButton } from '../components/ContactButton.tsx';
import { Icon } from '../components/Icon.tsx';
import { Section } from '../components/Section.tsx';
import { useSite } from '../SiteContext.ts';

/** The eight-item enterprise security list. */
export function SecurityList() {
  const { security } = useSite().content.pages.enterprise;
  return (
    <Section id="security-heading" heading={security.heading} intro={security.intro} tone="dark">
      <ul className="security-list" data-security-list="">
        {security.items.map((item) => (
          <li key={item} className="security-item">
            <Icon name="ShieldCheck" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
      <div className="actions">
        <ContactButton variant="light">{security.button}</ContactButton>
      </div>
    </Section>
  );
}
