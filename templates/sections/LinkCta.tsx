import type { Link } from '../schemas.ts';
import { Icon } from '../components/Icon.tsx';

/** A compact call to action: heading, one line and a link button. */
export function LinkCta({ id, heading, intro, link }: { id: string; heading: string; intro?: string; link: Link }) {
  return (
    <section className="link-cta" aria-labelledby={id}>
      <div>
        <h2 id={id}>{heading}</h2>
        {intro && <p>{intro}</p>}
      </div>
      <a className="button button-primary" href={link.href}>
        {link.label}
        <Icon name="ArrowRight" />
      </a>
    </section>
  );
}
