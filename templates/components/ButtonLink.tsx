import type { ReactNode } from 'react';
import { buttonClass, type ButtonVariant } from './buttonClass.ts';

/** A link that looks like a button (navigation, never an action). */
export function ButtonLink({ href, variant, size, children }: { href: string; variant?: ButtonVariant; size?: 'lg'; children: ReactNode }) {
  return (
    <a className={buttonClass(variant, size)} href={href}>
      {children}
    </a>
  );
}
