// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
/**
 * widgets/islands/CookieBanner.ts, spec sections 4 and 9: hidden at first,
 * shown after 1000 ms with no stored choice; Accept / Decline; stored
 * choices; the cookie_consent event 100 ms after Accept; no analytics
 * request before consent.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import mount, { BANNER_DELAY_MS, CONSENT_EVENT_DELAY_MS, CONSENT_KEY } from '../../../../../widgets/islands/CookieBanner.ts';

const ID = 'G-TEST123';
const GTAG_SRC = `https://www.googletagmanager.com/gtag/js?id=${ID}`;
type AnalyticsWindow = Window & { dataLayer?: ArrayLike<unknown>[]; gtag?: unknown };
const w = window as AnalyticsWindow;

let el: HTMLElement;
let banner: HTMLElement;
const analyticsScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[src*="googletagmanager.com"]')];
const consentEvents = () =>
  (w.dataLayer ?? []).map((args) => Array.from(args)).filter((args) => args[0] === 'event' && args[1] === 'cookie_consent');
const button = (choice: 'accept' | 'decline') => el.querySelector<HTMLButtonElement>(`[data-consent="${choice}"]`)!;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  delete w.dataLayer;
  delete w.gtag;
  document.head.innerHTML = '';
  document.body.innerHTML = `
    <div data-island="CookieBanner" data-hydrate="load">
      <div class="cookie-banner" role="region" aria-label="Cookie consent" data-cookie-banner hidden>
        <p>We use cookies for analytics.</p>
        <button type="button" data-consent="decline">Decline</button>
        <button type="button" data-consent="accept">Accept</button>
      </div>
    </div>`;
  el = document.querySelector('[data-island]')!;
  banner = el.querySelector('[data-cookie-banner]')!;
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const start = () => mount(el, { measurementId: ID });

describe('with no stored choice', () => {
  it('uses the spec timings and storage key', () => {
    expect(BANNER_DELAY_MS).toBe(1000);
    expect(CONSENT_EVENT_DELAY_MS).toBe(100);
    expect(CONSENT_KEY).toBe('cookie-consent');
  });

  it('is hidden at first and appears after exactly 1000 ms', () => {
    start();
    expect(banner.hidden).toBe(true);
    vi.advanceTimersByTime(999);
    expect(banner.hidden).toBe(true);
    vi.advanceTimersByTime(1);
    expect(banner.hidden).toBe(false);
  });

  it('loads nothing from the analytics host before consent', () => {
    start();
    vi.advanceTimersByTime(5000);
    expect(analyticsScripts()).toHaveLength(0);
    expect(w.gtag).toBeUndefined();
    expect(w.dataLayer).toBeUndefined();
    expect(localStorage.getItem(CONSENT_KEY)).toBeNull();
  });

  it('Accept stores "accepted", hides the banner and adds the gtag script', () => {
    start();
    vi.advanceTimersByTime(1000);
    button('accept').click();
    expect(localStorage.getItem(CONSENT_KEY)).toBe('accepted');
    expect(banner.hidden).toBe(true);
    const scripts = analyticsScripts();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe(GTAG_SRC);
    expect(scripts[0]!.async).toBe(true);
    expect((w.dataLayer ?? []).map((a) => Array.from(a))).toContainEqual(['config', ID]);
  });

  it('sends cookie_consent {consent_action: "accepted"} exactly 100 ms after Accept', () => {
    start();
    vi.advanceTimersByTime(1000);
    button('accept').click();
    expect(consentEvents()).toHaveLength(0);
    vi.advanceTimersByTime(99);
    expect(consentEvents()).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(consentEvents()).toEqual([['event', 'cookie_consent', { consent_action: 'accepted' }]]);
    vi.advanceTimersByTime(10_000);
    expect(consentEvents()).toHaveLength(1);
  });

  it('Decline stores "declined", hides the banner and loads no analytics', () => {
    start();
    vi.advanceTimersByTime(1000);
    button('decline').click();
    expect(localStorage.getItem(CONSENT_KEY)).toBe('declined');
    expect(banner.hidden).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(banner.hidden).toBe(true);
    expect(analyticsScripts()).toHaveLength(0);
    expect(w.gtag).toBeUndefined();
    expect(consentEvents()).toHaveLength(0);
  });

  it('still hides and starts analytics when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    start();
    vi.advanceTimersByTime(1000);
    expect(banner.hidden).toBe(false);
    button('accept').click();
    expect(banner.hidden).toBe(true);
    expect(analyticsScripts()).toHaveLength(1);
  });
});

describe('with a stored choice', () => {
  it('accepted: loads analytics at once and never shows the banner', () => {
    localStorage.setItem(CONSENT_KEY, 'accepted');
    start();
    expect(analyticsScripts().map((s) => s.src)).toEqual([GTAG_SRC]);
    vi.advanceTimersByTime(10_000);
    expect(banner.hidden).toBe(true);
    expect(analyticsScripts()).toHaveLength(1);
    // The consent event belongs to the moment of accepting, not to later visits.
    expect(consentEvents()).toHaveLength(0);
  });

  it('declined: nothing shows and nothing loads', () => {
    localStorage.setItem(CONSENT_KEY, 'declined');
    start();
    vi.advanceTimersByTime(10_000);
    expect(banner.hidden).toBe(true);
    expect(analyticsScripts()).toHaveLength(0);
    expect(w.gtag).toBeUndefined();
    expect(w.dataLayer).toBeUndefined();
  });

  it('an unknown stored value counts as no choice', () => {
    localStorage.setItem(CONSENT_KEY, 'maybe');
    start();
    vi.advanceTimersByTime(1000);
    expect(banner.hidden).toBe(false);
    expect(analyticsScripts()).toHaveLength(0);
  });
});
