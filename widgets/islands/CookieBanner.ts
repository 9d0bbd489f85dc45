/**
 * Cookie banner (every page), plain DOM. Spec section 4: hidden at first;
 * with no stored choice it appears after 1 s; Accept stores "accepted",
 * starts analytics and hides; Decline stores "declined" and hides; stored
 * accepted loads analytics at once with no banner; stored declined shows
 * nothing. The cookie_consent event is sent 100 ms after Accept.
 */
import { loadAnalytics } from '../lib/analytics.ts';

export const CONSENT_KEY = 'cookie-consent';
export const BANNER_DELAY_MS = 1000;
export const CONSENT_EVENT_DELAY_MS = 100;

export default function mount(el: HTMLElement, props: Record<string, unknown>): void {
  const measurementId = String(props.measurementId ?? '');
  const banner = el.querySelector<HTMLElement>('[data-cookie-banner]') ?? el;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(CONSENT_KEY);
  } catch {
    /* storage blocked: ask every time */
  }
  if (stored === 'accepted') return void loadAnalytics(measurementId);
  if (stored === 'declined') return;

  const choose = (choice: 'accepted' | 'declined') => {
    try {
      localStorage.setItem(CONSENT_KEY, choice);
    } catch {
      /* the choice holds for this page view */
    }
    banner.hidden = true;
    if (choice === 'accepted') {
      const gtag = loadAnalytics(measurementId);
      setTimeout(() => gtag('event', 'cookie_consent', { consent_action: 'accepted' }), CONSENT_EVENT_DELAY_MS);
    }
  };
  el.querySelector('[data-consent="accept"]')?.addEventListener('click', () => choose('accepted'));
  el.querySelector('[data-consent="decline"]')?.addEventListener('click', () => choose('declined'));
  setTimeout(() => {
    banner.hidden = false;
  }, BANNER_DELAY_MS);
}
