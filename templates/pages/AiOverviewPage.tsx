import type { ReactNode } from 'react';
import { OverviewPricing } from '../sections/OverviewPricing.tsx';
import { PageHero } from '../sections/PageHero.tsx';
import { useSite } from '../SiteContext.ts';
import type { PageProps } from './PageProps.ts';

/** One block of the overview: an h2 and its content. */
function Block({ id, heading, intro, children }: { id: string; heading: string; intro?: string; children: ReactNode }) {
  return (
    <section className="overview-section" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {intro && <p>{intro}</p>}
      {children}
    </section>
  );
}

const Facts = ({ facts }: { facts: { label: string; value: string }[] }) => (
  <dl className="facts">
    {facts.map((f) => (
      <div key={f.label}>
        <dt>{f.label}</dt>
        <dd>{f.value}</dd>
      </div>
    ))}
  </dl>
);

/** Structured product information for AI assistants: plain sections, plain lists. */
export function AiOverviewPage(_: PageProps) {
  const { site, pages } = useSite().content;
  const p = pages['ai-overview'];
  return (
    <>
      <PageHero eyebrow={p.hero.eyebrow} heading={p.hero.heading} lead={p.hero.lead} />
      <div className="container container-narrow overview">
        <Block id="overview-overview" heading={p.overview.heading} intro={p.overview.intro}>
          {p.overview.paragraphs.map((para) => (
            <p key={para}>{para}</p>
          ))}
        </Block>
        <Block id="overview-features" heading={p.features.heading} intro={p.features.intro}>
          <Facts facts={p.features.items.map((i) => ({ label: i.title, value: i.description }))} />
        </Block>
        <Block id="overview-how" heading={p.howItWorks.heading} intro={p.howItWorks.intro}>
          <ol className="overview-steps">
            {p.howItWorks.steps.map((s) => (
              <li key={s.title}>
                <strong>{s.title}.</strong> {s.description}
              </li>
            ))}
          </ol>
        </Block>
        <OverviewPricing />
        <Block id="overview-audience" heading={p.audience.heading} intro={p.audience.intro}>
          <ul className="overview-tags">
            {p.audience.items.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        </Block>
        <Block id="overview-use-cases" heading={p.useCases.heading} intro={p.useCases.intro}>
          <Facts facts={p.useCases.items.map((i) => ({ label: i.title, value: i.description }))} />
        </Block>
        <Block id="overview-technical" heading={p.technical.heading} intro={p.technical.intro}>
          <Facts facts={p.technical.facts} />
        </Block>
        <Block id="overview-company" heading={p.company.heading} intro={p.company.intro}>
          <Facts facts={[{ label: p.company.foundedLabel, value: site.foundingDate }, ...p.company.facts]} />
        </Block>
        <Block id="overview-contact" heading={p.contact.heading} intro={p.contact.intro}>
          <p>
            {p.contact.emailLabel}: <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>
          </p>
          <ul className="overview-links">
            {p.contact.links.map((l) => (
              <li key={l.href}>
                <a href={l.href}>{l.label}</a>
              </li>
            ))}
          </ul>
        </Block>
      </div>
    </>
  );
}
