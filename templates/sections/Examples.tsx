import { Icon } from '../components/Icon.tsx';
import { Island } from 'skerry';
import { Section } from '../components/Section.tsx';
import { useSite } from '../SiteContext.ts';

/**
 * The examples section: the sample prompt (full text in the HTML, marked
 * data-typing; the TypingEffect island types it once it scrolls into view) and the slides it yields.
 */
export function Examples() {
  const { examples } = useSite().content.pages.home;
  return (
    <Section id="examples-heading" heading={examples.heading} intro={examples.intro} align="center">
      <div className="examples">
        <figure className="prompt-box">
          <figcaption className="prompt-label">
            <Icon name="Sparkles" />
            {examples.promptLabel}
          </figcaption>
          <Island name="TypingEffect" hydrate="visible">
            <p className="prompt-text" data-typing="">
              {examples.prompt}
            </p>
          </Island>
        </figure>
        <div className="example-output">
          <h3 className="example-output-label">{examples.outputLabel}</h3>
          <ol className="mini-slides">
            {examples.slides.map((title, i) => (
              <li key={title} className={`mini-slide mini-slide-${(i % 3) + 1}`}>
                <span className="mini-slide-title">{title}</span>
                <span className="mini-slide-art" aria-hidden="true" />
              </li>
            ))}
          </ol>
        </div>
      </div>
    </Section>
  );
}
