import { ButtonLink } from '../components/ButtonLink.tsx';
import { ChromeButton } from '../components/ChromeButton.tsx';
import { CtaBand } from '../sections/CtaBand.tsx';
import { DemoDialog } from '../sections/DemoDialog.tsx';
import { Examples } from '../sections/Examples.tsx';
import { FeatureGrid } from '../sections/FeatureGrid.tsx';
import { HomeHero } from '../sections/HomeHero.tsx';
import { Investors } from '../sections/Investors.tsx';
import { Steps } from '../sections/Steps.tsx';
import { Testimonial } from '../sections/Testimonial.tsx';
import { useSite } from '../SiteContext.ts';
import type { PageProps } from './PageProps.ts';

export function HomePage(_: PageProps) {
  const home = useSite().content.pages.home;
  return (
    <>
      <HomeHero />
      <FeatureGrid id="features-heading" heading={home.features.heading} intro={home.features.intro} cards={home.features.cards} />
      <Steps id="steps-heading" heading={home.steps.heading} intro={home.steps.intro} items={home.steps.items} tone="tint" />
      <Examples />
      <Investors />
      <Testimonial quote={home.testimonial} />
      <CtaBand id="cta-heading" cta={home.cta}>
        <ChromeButton variant="light" size="lg" />
        <ButtonLink href={home.cta.pricingLink.href} variant="ghost" size="lg">
          {home.cta.pricingLink.label}
        </ButtonLink>
      </CtaBand>
      <DemoDialog />
    </>
  );
}
