import type { Quote } from '../schemas.ts';
import { Icon } from '../components/Icon.tsx';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0])
    .slice(0, 2)
    .join('');

/** One customer quote with name and role. */
export function Testimonial({ quote }: { quote: Quote }) {
  return (
    <div className="section section-plain">
      <div className="container">
        <figure className="testimonial" data-testimonial="">
          <Icon name="Quote" className="testimonial-mark" />
          <blockquote>
            <p>{quote.quote}</p>
          </blockquote>
          <figcaption>
            <span className="avatar" aria-hidden="true">
              {initials(quote.name)}
            </span>
            <span>
              <strong>{quote.name}</strong>
              <span className="testimonial-role">{quote.role}</span>
            </span>
          </figcaption>
        </figure>
      </div>
    </div>
  );
}
