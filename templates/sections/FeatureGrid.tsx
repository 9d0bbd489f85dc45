import type { FeatureCard as Card } from '../schemas.ts';
import { FeatureCard } from '../components/FeatureCard.tsx';
import { Section, type Tone } from '../components/Section.tsx';

/** A section of feature cards (four on the home page, six on enterprise). */
export function FeatureGrid(props: { id: string; heading: string; intro?: string; cards: Card[]; tone?: Tone }) {
  const { id, heading, intro, cards, tone } = props;
  return (
    <Section id={id} heading={heading} intro={intro} tone={tone} align="center">
      <ul className={`card-grid card-grid-${cards.length % 3 === 0 ? 3 : 4}`} data-feature-grid="">
        {cards.map((c) => (
          <FeatureCard key={c.title} card={c} />
        ))}
      </ul>
    </Section>
  );
}
