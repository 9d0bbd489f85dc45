import { useSite } from '../SiteContext.ts';

/** Pricing tiers for the AI overview, read from the same plans as /pricing (never a copy). */
export function OverviewPricing() {
  const { pricing, 'ai-overview': page } = useSite().content.pages;
  return (
    <section className="overview-section" aria-labelledby="overview-pricing">
      <h2 id="overview-pricing">{page.pricing.heading}</h2>
      {page.pricing.intro && <p>{page.pricing.intro}</p>}
      <ul className="overview-tiers" data-overview-tiers="">
        {pricing.plans.map((plan) => (
          <li key={plan.name} data-tier={plan.name}>
            <h3>
              {plan.name}: {plan.priceAmount === null ? page.pricing.customLabel : `${plan.price}${plan.period}`}
            </h3>
            <p>{plan.description}</p>
            <ul>
              {plan.features
                .filter((f) => f.included)
                .map((f) => (
                  <li key={f.text}>{f.text}</li>
                ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
