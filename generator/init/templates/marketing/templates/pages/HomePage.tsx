/** The home page: the hero, the features, the plans and the sign-up form (the SignUp island). */
import { Island } from 'skerry';
import { useSite } from '../SiteContext.ts';

export function HomePage() {
  const { home } = useSite().content;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{home.hero.title}</h1>
        <p className="lead">{home.hero.lead}</p>
        <a className="button" href="#signup">
          {home.hero.cta}
        </a>
      </section>
      <section aria-labelledby="features-title">
        <h2 id="features-title">Why it helps</h2>
        <ul className="cards">
          {home.features.map((feature) => (
            <li key={feature.title}>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="plans-title">
        <h2 id="plans-title">Plans</h2>
        <ul className="cards">
          {home.plans.map((plan) => (
            <li key={plan.name}>
              <h3>{plan.name}</h3>
              <p className="price">
                {plan.price} <span>{plan.period}</span>
              </p>
              <ul>
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
      <section id="signup" className="signup" aria-labelledby="signup-title">
        <h2 id="signup-title">{home.signup.title}</h2>
        <p>{home.signup.lead}</p>
        <Island name="SignUp" hydrate="idle" props={{ copy: home.signup }}>
          <form className="signup-form" noValidate>
            <label htmlFor="signup-email">{home.signup.label}</label>
            <input id="signup-email" name="email" type="email" autoComplete="email" required aria-describedby="signup-status" />
            <button type="submit">{home.signup.button}</button>
          </form>
          <p id="signup-status" className="signup-status" role="status" />
        </Island>
      </section>
    </>
  );
}
