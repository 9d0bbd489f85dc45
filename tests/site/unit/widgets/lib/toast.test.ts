// @vitest-environment happy-dom
/** widgets/lib/toast.ts: the #toaster live region, its toasts and the flash toast for the next page. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flashToast, showFlashedToast, toast, TOAST_DURATION } from '../../../../../widgets/lib/toast.ts';

const toasts = () => [...document.querySelectorAll<HTMLElement>('#toaster .toast')];

beforeEach(() => {
  document.body.innerHTML = '<section id="toaster" class="toaster" aria-label="Notifications"></section>';
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('toast', () => {
  it('adds a status toast with title and description to the existing #toaster', () => {
    const item = toast({ title: 'Message sent!', description: "We'll get back to you as soon as possible." });
    expect(document.querySelectorAll('#toaster')).toHaveLength(1);
    expect(item.parentElement?.id).toBe('toaster');
    expect(item.getAttribute('role')).toBe('status');
    expect(item.className).toBe('toast toast-default');
    expect(item.querySelector('.toast-title')?.textContent).toBe('Message sent!');
    expect(item.querySelector('.toast-description')?.textContent).toBe("We'll get back to you as soon as possible.");
  });

  it('makes a destructive toast an alert', () => {
    const item = toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
    expect(item.getAttribute('role')).toBe('alert');
    expect(item.classList.contains('toast-destructive')).toBe(true);
  });

  it('leaves the description out when there is none', () => {
    const item = toast({ title: 'Only a title' });
    expect(item.querySelector('.toast-description')).toBeNull();
    expect(item.querySelector('.toast-title')?.textContent).toBe('Only a title');
  });

  it('renders the texts as text, never as HTML', () => {
    const item = toast({ title: '<img src=x onerror=alert(1)>', description: '<b>bold</b>' });
    expect(item.querySelector('img, b')).toBeNull();
    expect(item.querySelector('.toast-title')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('creates the region when the page has none', () => {
    document.body.innerHTML = '';
    toast({ title: 'Hi' });
    const region = document.getElementById('toaster');
    expect(region?.getAttribute('aria-label')).toBe('Notifications');
    expect(region?.querySelectorAll('.toast')).toHaveLength(1);
    toast({ title: 'Again' });
    expect(document.querySelectorAll('#toaster')).toHaveLength(1);
    expect(toasts()).toHaveLength(2);
  });

  it('has a labelled dismiss button that removes the toast', () => {
    const item = toast({ title: 'Hi', duration: 0 });
    const close = item.querySelector<HTMLButtonElement>('button.toast-close')!;
    expect(close.type).toBe('button');
    expect(close.getAttribute('aria-label')).toBe('Dismiss notification');
    close.click();
    expect(item.isConnected).toBe(false);
    expect(toasts()).toHaveLength(0);
  });

  it('hides itself after 5000 ms', () => {
    vi.useFakeTimers();
    expect(TOAST_DURATION).toBe(5000);
    const item = toast({ title: 'Hi' });
    vi.advanceTimersByTime(4999);
    expect(item.isConnected).toBe(true);
    vi.advanceTimersByTime(1);
    expect(item.isConnected).toBe(false);
  });

  it('honours a custom duration, and 0 keeps it until dismissed', () => {
    vi.useFakeTimers();
    const short = toast({ title: 'Short', duration: 100 });
    const sticky = toast({ title: 'Sticky', duration: 0 });
    vi.advanceTimersByTime(100);
    expect(short.isConnected).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(sticky.isConnected).toBe(true);
  });
});

describe('flashToast / showFlashedToast', () => {
  it('carries a toast to the next page through sessionStorage, once', () => {
    flashToast({ title: 'Welcome back!', description: "You've successfully signed in." });
    expect(toasts()).toHaveLength(0);
    expect(sessionStorage.length).toBe(1);

    showFlashedToast();
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]!.querySelector('.toast-title')?.textContent).toBe('Welcome back!');
    expect(toasts()[0]!.querySelector('.toast-description')?.textContent).toBe("You've successfully signed in.");
    expect(sessionStorage.length).toBe(0);

    showFlashedToast();
    expect(toasts()).toHaveLength(1);
  });

  it('shows nothing when nothing was flashed', () => {
    showFlashedToast();
    expect(toasts()).toHaveLength(0);
  });

  it('survives blocked storage', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(() => flashToast({ title: 'x' })).not.toThrow();
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(() => showFlashedToast()).not.toThrow();
  });
});
