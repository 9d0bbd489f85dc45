import type { Plan } from '../schemas.ts';
import { buttonClass } from './buttonClass.ts';
import { ContactButton } from './ContactButton.tsx';
import { Icon } from './Icon.tsx';

/**
 * One plan: name, price, description, call to action and features. Features
 * a plan lacks are struck through, with a label screen readers announce.
 */
export function PlanCard({ plan, popularLabel, notIncludedLabel }: { plan: Plan; popularLabel: string; notIncludedLabel: string }) {
  const id = `plan-${plan.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const variant = plan.popular ? 'primary' : 'secondary';
  return (
    <li className={plan.popular ? 'plan-card plan-card-popular' : 'plan-card'} data-plan={plan.name}>
      <article aria-labelledby={id}>
        {plan.popular && <p className="plan-badge">{popularLabel}</p>}
        <h2 id={id} className="plan-name">
          {plan.name}
        </h2>
        <p className="plan-price">
          <span className="plan-amount">{plan.price}</span>
          {plan.period && <span className="plan-period">{plan.period}</span>}
        </p>
        <p className="plan-description">{plan.description}</p>
        {plan.ctaAction === 'contact' ? (
          <ContactButton variant={variant}>{plan.cta}</ContactButton>
        ) : (
          <button type="button" className={buttonClass(variant)}>
            {plan.cta}
          </button>
        )}
        <ul className="plan-features">
          {plan.features.map((f) =>
            f.included ? (
              <li key={f.text}>
                <Icon name="Check" className="plan-yes" />
                <span>{f.text}</span>
              </li>
            ) : (
              <li key={f.text} className="plan-feature-off" data-not-included="">
                <Icon name="X" className="plan-no" />
                <s>
                  <span className="visually-hidden">{notIncludedLabel} </span>
                  {f.text}
                </s>
              </li>
            ),
          )}
        </ul>
      </article>
    </li>
  );
}
