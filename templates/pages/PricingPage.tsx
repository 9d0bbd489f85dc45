import { PlanCard } from '../components/PlanCard.tsx';
import { Faq } from '../sections/Faq.tsx';
import { PageHero } from '../sections/PageHero.tsx';
import { PricingHelp } from '../sections/PricingHelp.tsx';
import { useSite } from '../SiteContext.ts';
import type { PageProps } from './PageProps.ts';

export function PricingPage(_: PageProps) {
  const page = useSite().content.pages.pricing;
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} heading={page.hero.heading} lead={page.hero.lead} />
      <div className="section section-plain section-flush-top">
        <div className="container">
          <ul className="plan-grid" data-plans="">
            {page.plans.map((plan) => (
              <PlanCard key={plan.name} plan={plan} popularLabel={page.popularLabel} notIncludedLabel={page.notIncludedLabel} />
            ))}
          </ul>
        </div>
      </div>
      <Faq id="faq-heading" heading={page.faq.heading} intro={page.faq.intro} items={page.faq.items} />
      <PricingHelp />
    </>
  );
}
