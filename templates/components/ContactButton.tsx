import type { ReactNode } from 'react';
import { buttonClass, type ButtonVariant } from './buttonClass.ts';

/** The id of the contact <dialog> (templates/sections/ContactDialog.tsx). */
export const contactDialogId = 'contact-dialog';

/** Opens the contact dialog with no JavaScript (Invoker Commands). */
export function ContactButton({ variant, size, children }: { variant?: ButtonVariant; size?: 'lg'; children: ReactNode }) {
  return (
    <button type="button" className={buttonClass(variant, size)} commandfor={contactDialogId} command="show-modal">
      {children}
    </button>
  );
}
