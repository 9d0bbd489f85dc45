/**
 * The site's structured data (schema-dts) for a route, built from the same
 * data the page shows, so the two cannot disagree: one price per plan, one
 * rating. The engine serializes it and checks what search engines require.
 * Pure.
 */
import type {
  BlogPosting,
  Offer,
  Organization,
  Product,
  SoftwareApplication,
  Thing,
  WebSite,
  WithContext,
} from 'schema-dts';
import { breadcrumbList, type PageTools } from 'skerry';
import type { Content } from '../collections.ts';
import type { SiteRoute } from '../routes.ts';

export function jsonLd(route: SiteRoute, { content, url, asset, socialImage: ownImage }: PageTools<Content>): WithContext<Thing>[] {
  const { site, pages } = content;
  const logoUrl = asset(site.logo);
  const socialImage = asset(site.socialImage);
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
  const post = route.entry;
  if (post) {
    const posting: WithContext<BlogPosting> = {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.description,
      datePublished: post.date,
      dateModified: post.date,
      articleSection: post.category,
      wordCount: post.words,
      author: { '@type': 'Organization', name: post.author, url: url('/') },
      publisher: { '@id': orgId, '@type': 'Organization', name: site.name, logo: { '@type': 'ImageObject', url: url(logoUrl) } },
      // The article's own social image, the one its og:image names (the site's default without it).
      image: url(ownImage ?? socialImage),
      mainEntityOfPage: url(route.path),
      url: url(route.path),
    };
    out.push(posting);
  }
  const trail = breadcrumbList(route, url);
  if (trail) out.push(trail);
  return out;
}
