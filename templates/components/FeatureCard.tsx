import type { FeatureCard as Card } from '../schemas.ts';
import { Icon } from './Icon.tsx';

/** Icon, title and description: one card of a feature grid. */
export function FeatureCard({ card }: { card: Card }) {
  return (
    <li className="card feature-card" data-feature-card="">
      <span className="feature-icon">
        <Icon name={card.icon} />
      </span>
      <h3>{card.title}</h3>
      <p>{card.description}</p>
    </li>
  );
}
