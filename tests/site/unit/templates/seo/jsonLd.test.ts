/** JSON-LD from the same data the pages show: one price per plan, one rating, nothing that can close a script. */
import { beforeAll, describe, expect, it } from 'vitest';
import { absoluteUrl } from '../../../../../generator/seo/absoluteUrl.ts';
import { serializeJsonLd } from '../../../../../generator/seo/jsonLd.ts';
import type { Content } from '../../../../../templates/collections.ts';
import { buildRoutes, type SiteRoute as Route } from '../../../../../templates/routes.ts';
import { jsonLd } from '../../../../../templates/seo/jsonLd.ts';
import { realContent, SITE_URL } from '../../helpers/content.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let content: Content;
let routes: Route[];
beforeAll(async () => {
  content = await realContent();
  routes = buildRoutes(content);
});

const ldFor = (path: string): Json[] =>
  jsonLd(routes.find((r) => r.path === path)!, {
    content,
    siteUrl: SITE_URL,
    url: (p) => absoluteUrl(SITE_URL, p),
    asset: (name) => (name === content.site.logo ? '/assets/logo.0123456789.svg' : '/assets/og-image.0123456789.png'),
  }) as Json[];
const types = (path: string) => ldFor(path).map((d) => d['@type']);
const ofType = (path: string, type: string) => ldFor(path).find((d) => d['@type'] === type)!;

describe('jsonLd', () => {
  it('gives the home page WebSite, Organization and SoftwareApplication', () => {
    expect(types('/')).toEqual(['WebSite', 'Organization', 'SoftwareApplication']);
    const org = ofType('/', 'Organization');
    expect(org).toMatchObject({
      name: content.site.name,
      url: 'https://decksmith.ai/',
      logo: 'https://decksmith.ai/assets/logo.0123456789.svg',
      foundingDate: '2025',
    });
    expect(ofType('/', 'WebSite')).toMatchObject({ url: 'https://decksmith.ai/', publisher: { '@id': org['@id'] } });
  });

  it('gives the app one rating, the one in site.json', () => {
    expect(ofType('/', 'SoftwareApplication').aggregateRating).toMatchObject({
      ratingValue: content.site.rating.value,
      ratingCount: content.site.rating.count,
    });
  });

  it('puts every block in the schema.org context', () => {
    for (const r of routes) for (const d of ldFor(r.path)) expect(d['@context'], r.path).toBe('https://schema.org');
  });

  it('gives /pricing a Product whose offers are the priced plans, with Pro at $19', () => {
    const product = ofType('/pricing', 'Product');
    expect(product.name).toBe(content.site.name);
    const offers: Json[] = product.offers.offers;
    const priced = content.pages.pricing.plans.filter((p) => p.priceAmount !== null);
    expect(offers.map((o) => [o.name, o.price, o.priceCurrency])).toEqual(priced.map((p) => [p.name, String(p.priceAmount), 'USD']));
    expect(offers.find((o) => o.name === 'Pro')).toMatchObject({ price: '19', priceCurrency: 'USD', url: 'https://decksmith.ai/pricing' });
    expect(Number(product.offers.offerCount)).toBe(offers.length);
    expect(product.offers.lowPrice).toBe(String(Math.min(...priced.map((p) => p.priceAmount!))));
    expect(product.offers.highPrice).toBe('19');
  });

  it('never claims the $29 price from the old structured data', () => {
    for (const r of routes) {
      const json = JSON.stringify(ldFor(r.path));
      expect(json, r.path).not.toMatch(/"(price|lowPrice|highPrice)":"?29/);
      expect(json, r.path).not.toContain('$29');
    }
  });

  it('gives each article a BlogPosting from its front matter', () => {
    for (const r of routes.filter((x) => x.entry)) {
      const post = ofType(r.path, 'BlogPosting');
      expect(post, r.path).toMatchObject({
        headline: r.entry!.title,
        description: r.entry!.description,
        datePublished: r.entry!.date,
        articleSection: r.entry!.category,
        wordCount: r.entry!.words,
        url: `https://decksmith.ai${r.path}`,
        mainEntityOfPage: `https://decksmith.ai${r.path}`,
        image: 'https://decksmith.ai/assets/og-image.0123456789.png',
      });
      expect(r.entry!.words, r.path).toBeGreaterThan(300);
    }
    expect(types('/pricing')).not.toContain('BlogPosting');
  });

  it('gives a BreadcrumbList matching the route breadcrumbs, with absolute URLs', () => {
    const r = routes.find((x) => x.path === '/blog/slidesgpt-alternative')!;
    expect(ofType(r.path, 'BreadcrumbList').itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://decksmith.ai/' },
      { '@type': 'ListItem', position: 2, name: 'Blog', item: 'https://decksmith.ai/blog' },
      { '@type': 'ListItem', position: 3, name: r.entry!.title, item: `https://decksmith.ai${r.path}` },
    ]);
    expect(ofType('/pricing', 'BreadcrumbList').itemListElement).toHaveLength(2);
    expect(types('/')).not.toContain('BreadcrumbList');
    expect(types('/auth')).toEqual([]);
  });
});

describe('serializeJsonLd', () => {
  it('escapes "<" so a value cannot close the script element', () => {
    const data = { name: '</script><script>alert(1)</script>', note: '<!-- x -->' };
    const out = serializeJsonLd(data);
    expect(out).not.toContain('<');
    expect(out.toLowerCase()).not.toContain('</script');
    expect(JSON.parse(out)).toEqual(data);
  });

  it('escapes the line separators JavaScript once choked on', () => {
    const out = serializeJsonLd({ s: 'a\u2028b\u2029c' });
    expect(out).toBe('{"s":"a\\u2028b\\u2029c"}');
    expect(JSON.parse(out)).toEqual({ s: 'a\u2028b\u2029c' });
  });

  it('serializes the real blocks to valid JSON', () => {
    for (const r of routes) for (const d of ldFor(r.path)) expect(JSON.parse(serializeJsonLd(d))).toEqual(d);
  });
});
