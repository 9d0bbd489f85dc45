import { Icon } from '../components/Icon.tsx';
import { Section } from '../components/Section.tsx';
import { useSite } from '../SiteContext.ts';

/** Enterprise knowledge base: the website URL in, five kinds of knowledge out. */
export function KnowledgeBase() {
  const { knowledgeBase: kb } = useSite().content.pages.enterprise;
  return (
    <Section id="knowledge-heading" heading={kb.heading} intro={kb.intro} tone="tint" align="center">
      <div className="kb">
        <div className="kb-url">
          <span className="kb-url-label">{kb.urlLabel}</span>
          <span className="kb-url-field">
            <Icon name="Globe" />
            <span>{kb.urlExample}</span>
          </span>
        </div>
        <Icon name="ArrowRight" className="kb-arrow" />
        <ul className="kb-items" data-kb-items="">
          {kb.items.map((item) => (
            <li key={item.title} className="kb-item">
              <Icon name="Check" />
              <span>
                <strong>{item.title}</strong>
                <span>{item.description}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
