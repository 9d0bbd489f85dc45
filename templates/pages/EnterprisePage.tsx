import { ButtonLink } from '../components/ButtonLink.tsx';
import { ContactButton } from '../components/ContactButton.tsx';
import { ApiTeaser } from '../sections/ApiTeaser.tsx';
import { CtaBand } from '../sections/CtaBand.tsx';
import { DynamicFields } from '../sections/DynamicFields.tsx';
import { FeatureGrid } from '../sections/FeatureGrid.tsx';
import { Integrations } from '../sections/Integrations.tsx';
import { KnowledgeBase } from '../sections/KnowledgeBase.tsx';
import { PageHero } from '../sections/PageHero.tsx';
import { SecurityList } from '../sections/SecurityList.tsx';
import { useSite } from '../SiteContext.ts';
import type { PageProps } from './PageProps.ts';

export function EnterprisePage(_: PageProps) {
  const page = useSite().content.pages.enterprise;
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} heading={page.hero.heading} lead={page.hero.lead}>
        <div className="actions">
          <ContactButton variant="primary" size="lg">
            {page.hero.demoButton}
          </ContactButton>
          <ButtonLink href={page.hero.pricingLink.href} size="lg">
            {page.hero.pricingLink.label}
          </ButtonLink>
        </div>
      </PageHero>
      <FeatureGrid id="features-heading" heading={page.features.heading} intro={page.features.intro} cards={page.features.cards} />
      <KnowledgeBase />
      <DynamicFields />
      <Integrations />
      <SecurityList />
      <ApiTeaser />
      <CtaBand id="cta-heading" cta={page.cta}>
        <ContactButton variant="light" size="lg">
          {page.cta.button}
        </ContactButton>
        <ButtonLink href={page.cta.pricingLink.href} variant="ghost" size="lg">
          {page.cta.pricingLink.label}
        </ButtonLink>
      </CtaBand>
    </>
  );
}
