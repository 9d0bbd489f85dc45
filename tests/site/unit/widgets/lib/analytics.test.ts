// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"disableJavaScriptFileLoading":true,"handleDisabledFileLoadingAsSuccess":true}}
/** widgets/lib/analytics.ts: gtag.js is added only when loadAnalytics runs, once. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_HOST, loadAnalytics } from '../../../../../widgets/lib/analytics.ts';

type AnalyticsWindow = Window & { dataLayer?: ArrayLike<unknown>[]; gtag?: unknown };
const w = window as AnalyticsWindow;
const analyticsScripts = () => document.querySelectorAll(`script[src^="${ANALYTICS_HOST}"]`);

beforeEach(() => {
  document.head.innerHTML = '';
  delete w.dataLayer;
  delete w.gtag;
});

describe('loadAnalytics', () => {
  it('targets the tag-manager host', () => {
    expect(ANALYTICS_HOST).toBe('https://www.googletagmanager.com');
  });

  it('appends one async gtag.js script for the measurement id and configures it', () => {
    expect(analyticsScripts()).toHaveLength(0);
    const gtag = loadAnalytics('G-ABC123');
    const scripts = analyticsScripts();
    expect(scripts).toHaveLength(1);
    const script = scripts[0] as HTMLScriptElement;
    expect(script.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC123');
    expect(script.async).toBe(true);
    expect(w.gtag).toBe(gtag);
    const calls = w.dataLayer!.map((args) => Array.from(args));
    expect(calls[0]![0]).toBe('js');
    expect(calls[0]![1]).toBeInstanceOf(Date);
    expect(calls[1]).toEqual(['config', 'G-ABC123']);
  });

  it('encodes the measurement id', () => {
    loadAnalytics('G-1&x=<y>');
    expect((analyticsScripts()[0] as HTMLScriptElement).src).toBe('https://www.googletagmanager.com/gtag/js?id=G-1%26x%3D%3Cy%3E');
  });

  it('pushes the arguments object, as the gtag snippet does', () => {
    const gtag = loadAnalytics('G-ABC123');
    gtag('event', 'cookie_consent', { consent_action: 'accepted' });
    const last = w.dataLayer!.at(-1)!;
    expect(Array.isArray(last)).toBe(false);
    expect(Array.from(last)).toEqual(['event', 'cookie_consent', { consent_action: 'accepted' }]);
  });

  it('runs once: a second call returns the same gtag and adds no script', () => {
    const first = loadAnalytics('G-ABC123');
    expect(loadAnalytics('G-ABC123')).toBe(first);
    expect(analyticsScripts()).toHaveLength(1);
  });
});
