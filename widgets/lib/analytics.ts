/**
 * Google Analytics (gtag.js), loaded only after consent. No request goes to
 * the tag-manager host before `loadAnalytics` runs.
 */
export const ANALYTICS_HOST = 'https://www.googletagmanager.com';

type Gtag = (...args: unknown[]) => void;
interface AnalyticsWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
}

export function loadAnalytics(measurementId: string, w: AnalyticsWindow & Window = window): Gtag {
  if (w.gtag) return w.gtag;
  w.dataLayer = w.dataLayer ?? [];
  // gtag.js reads the `arguments` object itself, as its own snippet does.
  const gtag: Gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    w.dataLayer!.push(arguments);
  };
  w.gtag = gtag;
  gtag('js', new Date());
  gtag('config', measurementId);
  const script = w.document.createElement('script');
  script.async = true;
  script.src = `${ANALYTICS_HOST}/gtag/js?id=${encodeURIComponent(measurementId)}`;
  w.document.head.append(script);
  return gtag;
}
