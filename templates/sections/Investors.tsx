import { Section } from '../components/Section.tsx';
import { useSite } from '../SiteContext.ts';

/** Who backs the company. */
export function Investors() {
  const { investors } = useSite().content.pages.home;
  return (
    <Section id="investors-heading" heading={investors.heading} intro={investors.intro} tone="tint" align="center">
      <ul className="investor-list">
        {investors.items.map((inv) => (
          <li key={inv.title} className="investor">
            <h3>{inv.title}</h3>
            <p>{inv.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
