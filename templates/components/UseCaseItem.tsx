import type { UseCase } from '../schemas.ts';
import { CheckList } from './CheckList.tsx';
import { ChromeButton } from './ChromeButton.tsx';
import { Icon } from './Icon.tsx';

export interface UseCaseLabels {
  challenges: string;
  solutions: string;
  prompts: string;
  enterprise: string;
}

/** One use case as an item of the exclusive accordion (<details name="use-cases">). */
export function UseCaseItem({ item, labels, open }: { item: UseCase; labels: UseCaseLabels; open?: boolean }) {
  return (
    <details name="use-cases" className="accordion-item use-case" open={open} data-use-case={item.title}>
      <summary>
        <span className="use-case-icon">
          <Icon name={item.icon} />
        </span>
        <span className="use-case-summary">
          <h2 className="use-case-title">{item.title}</h2>
          <span className="use-case-savings">{item.savings}</span>
        </span>
        <Icon name="ChevronDown" className="accordion-chevron" />
      </summary>
      <div className="accordion-body use-case-body">
        <div className="use-case-columns">
          <div>
            <h3>{labels.challenges}</h3>
            <CheckList items={item.painPoints} icon="X" className="check-list-muted" />
          </div>
          <div>
            <h3>{labels.solutions}</h3>
            <CheckList items={item.solutions} />
          </div>
        </div>
        <h3>{labels.prompts}</h3>
        <ul className="prompt-chips">
          {item.prompts.map((p) => (
            <li key={p}>
              <Icon name="Sparkles" />
              <span>{p}</span>
            </li>
          ))}
        </ul>
        <aside className="enterprise-note" aria-label={labels.enterprise}>
          <strong>{labels.enterprise}</strong>
          <p>{item.enterpriseNote}</p>
        </aside>
        <ChromeButton />
      </div>
    </details>
  );
}
