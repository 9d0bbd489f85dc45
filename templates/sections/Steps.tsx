import type { Item } from '../schemas.ts';
import { Section, type Tone } from '../components/Section.tsx';

/** Numbered how-it-works steps. */
export function Steps(props: { id: string; heading: string; intro?: string; items: Item[]; tone?: Tone }) {
  const { id, heading, intro, items, tone } = props;
  return (
    <Section id={id} heading={heading} intro={intro} tone={tone} align="center">
      <ol className="steps">
        {items.map((s, i) => (
          <li key={s.title} className="step" data-step="">
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <h3>{s.title}</h3>
            <p>{s.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
