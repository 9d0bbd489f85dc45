/**
 * The one toaster: an accessible live region (rendered in every page's
 * layout as #toaster) holding dismissible, auto-hiding toasts. Plain DOM,
 * so any island can call it without React.
 */
export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** ms before it hides; 0 keeps it until dismissed. */
  duration?: number;
}

export const TOAST_DURATION = 5000;

function region(): HTMLElement {
  let el = document.getElementById('toaster');
  if (!el) {
    el = document.createElement('section');
    el.id = 'toaster';
    el.className = 'toaster';
    el.setAttribute('aria-label', 'Notifications');
    document.body.append(el);
  }
  return el;
}

export function toast({ title, description, variant = 'default', duration = TOAST_DURATION }: ToastOptions): HTMLElement {
  const item = document.createElement('div');
  item.className = `toast toast-${variant}`;
  item.setAttribute('role', variant === 'destructive' ? 'alert' : 'status');
  const t = document.createElement('p');
  t.className = 'toast-title';
  t.textContent = title;
  item.append(t);
  if (description) {
    const d = document.createElement('p');
    d.className = 'toast-description';
    d.textContent = description;
    item.append(d);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', 'Dismiss notification');
  close.textContent = '×';
  close.addEventListener('click', () => item.remove());
  item.append(close);
  region().append(item);
  if (duration > 0) setTimeout(() => item.remove(), duration);
  return item;
}

const FLASH_KEY = 'site-flash-toast';

/** A toast for the next page (e.g. "Welcome back!" before going to /admin). */
export function flashToast(options: ToastOptions): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(options));
  } catch {
    /* storage blocked: the toast is lost, the navigation still happens */
  }
}

/** Shows a toast flashed by the previous page, once. */
export function showFlashedToast(): void {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (!raw) return;
    sessionStorage.removeItem(FLASH_KEY);
    toast(JSON.parse(raw) as ToastOptions);
  } catch {
    /* nothing to show */
  }
}
