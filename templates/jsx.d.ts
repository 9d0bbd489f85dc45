// Invoker Commands (HTML): <button commandfor="dialog-id" command="show-modal">
// opens a <dialog> with no JavaScript. React 19 passes the attributes through.
import 'react';

declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: 'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover' | `--${string}`;
  }
}
