/**
 * Typed JSON-LD (schema-dts) for a route, built from the same data the page
 * shows, so the two cannot disagree: one price per plan, one rating.
 * Pure; `serializeJsonLd` escapes "<" so a value can never close the script.
 */
import type {
  BlogPosting,
  BreadcrumbList,
  Offer,
  Organization,
  Product,
  SoftwareApplication,
  Thing,
  WebSite,
  WithContext,
} from 'schema-dts';
import type { Content } from '../content/load.ts';
import type { Route } from '../routes.ts';
import { absoluteUrl } from './absoluteUrl.ts';

export interface JsonLdInput {
  route: Route;
  content: Content;
  siteUrl: string;
  logoUrl: string;
  socialImage: string;
}

export function jsonLd({ route, content, siteUrl, logoUrl, socialImage }: JsonLdInput): WithContext<Thing>[] {
  const { site, pages } = content;
  const url = (p: string) => absoluteUrl(siteUrl, p);
  const orgId = `${url('/')}#organization`;
  const organization: WithContext<Organization> = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': orgId,
    name: site.name,
    url: url('/'),
    logo: url(logoUrl),
    foundingDate: site.foundingDate,
    email: site.supportEmail,
    sameAs: [site.chromeStoreUrl],
  };
  const plans = pages.pricing.plans;
  const offers: Offer[] = plans
    .filter((p) => p.priceAmount !== null)
    .map((p) => ({
      '@type': 'Offer',
      name: p.name,
      price: String(p.priceAmount),
      priceCurrency: 'USD',
      url: url('/pricing'),
      availability: 'https://schema.org/InStock',
    }));
  const rating = { '@type': 'AggregateRating' as const, ratingValue: site.rating.value, ratingCount: site.rating.count, bestRating: 5 };
  const out: WithContext<Thing>[] = [];

  if (route.path === '/') {
    const website: WithContext<WebSite> = {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: site.name,
      url: url('/'),
      description: site.description,
      publisher: { '@id': orgId },
    };
    const app: WithContext<SoftwareApplication> = {
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: site.name,
      description: site.description,
      url: url('/'),
      applicationCategory: 'BusinessApplication',
      operatingSystem: 'Chrome',
      offers,
      aggregateRating: rating,
      publisher: { '@id': orgId },
    };
    out.push(website, organization, app);
  }
  // One Product, on the page that shows the prices (the cards and this read the same plans).
  if (route.path === '/pricing') {
    const prices = offers.map((o) => Number(o.price));
    const product: WithContext<Product> = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: site.name,
      description: route.description,
      image: url(socialImage),
      brand: { '@type': 'Brand', name: site.name },
      aggregateRating: rating,
      offers: {
        '@type': 'AggregateOffer',
        priceCurrency: 'USD',
        lowPrice: String(Math.min(...prices)),
        highPrice: String(Math.max(...prices)),
        offerCount: offers.length,
        offers,
      },
    };
    out.push(product);
  }
  if (route.post) {
    const post: WithContext<BlogPosting> = {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: route.post.title,
      description: route.post.description,
      datePublished: route.post.date,
      dateModified: route.post.date,
      articleSection: route.post.category,
      wordCount: route.post.words,
      author: { '@type': 'Organization', name: route.post.author, url: url('/') },
      publisher: { '@id': orgId, '@type': 'Organization', name: site.name, logo: { '@type': 'ImageObject', url: url(logoUrl) } },
      image: url(socialImage),
      mainEntityOfPage: url(route.path),
      url: url(route.path),
    };
    out.push(post);
  }
  if (route.breadcrumbs.length > 1) {
    const list: WithContext<BreadcrumbList> = {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: route.breadcrumbs.map((c, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name: c.name,
        item: url(c.path),
      })),
    };
    out.push(list);
  }
  return out;
}

/** JSON for a <script type="application/ld+json"> block; "<" cannot break out. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
