/**
 * The cookie banner's server markup: hidden until the CookieBanner island
 * decides (spec: appears after 1 s with no stored choice). Without
 * JavaScript it never shows, and no analytics ever loads.
 */
import { Island } from 'skerry';
import { useSite } from '../SiteContext.ts';

export function CookieBanner() {
  const { site, widgets } = useSite().content;
  const copy = widgets.cookieBanner;
  return (
    <Island name="CookieBanner" hydrate="load" props={{ measurementId: site.analyticsId }}>
      <section className="cookie-banner" data-cookie-banner="" aria-labelledby="cookie-banner-title" hidden>
        <h2 id="cookie-banner-title" className="cookie-banner-title">
          {copy.heading}
        </h2>
        <p>
          {copy.text} <a href="/privacy">{copy.privacyLink}</a>
        </p>
        <div className="cookie-banner-actions">
          <button type="button" className="button" data-consent="decline">
            {copy.decline}
          </button>
          <button type="button" className="button button-primary" data-consent="accept">
            {copy.accept}
          </button>
        </div>
      </section>
    </Island>
  );
}
