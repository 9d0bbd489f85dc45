import type { FaqItem } from '../schemas.ts';
import { Icon } from '../components/Icon.tsx';
import { Section } from '../components/Section.tsx';

/** An exclusive, collapsible accordion: <details name=…> opens one item at a time, no JS. */
export function Faq({ id, heading, intro, items }: { id: string; heading: string; intro?: string; items: FaqItem[] }) {
  return (
    <Section id={id} heading={heading} intro={intro} tone="tint" align="center">
      <div className="faq" data-faq="">
        {items.map((item) => (
          <details key={item.question} name="faq" className="accordion-item">
            <summary>
              <span className="accordion-question">{item.question}</span>
              <Icon name="ChevronDown" className="accordion-chevron" />
            </summary>
            <div className="accordion-body">
              <p>{item.answer}</p>
            </div>
          </details>
        ))}
      </div>
    </Section>
  );
}
