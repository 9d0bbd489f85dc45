import type { IconName } from '../schemas.ts';
import { Icon } from './Icon.tsx';

/** A list whose items each start with an icon (a check mark unless told). */
export function CheckList({ items, icon = 'Check', className }: { items: string[]; icon?: IconName; className?: string }) {
  return (
    <ul className={className ? `check-list ${className}` : 'check-list'}>
      {items.map((item) => (
        <li key={item}>
          <Icon name={icon} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
