/**
 * Every zod schema of content lives in this file: site.json, the per-page
 * JSON files, blog front matter and legal front matter. Loaders validate
 * against these; templates receive the inferred types.
 */
import { z } from 'zod';

const text = z.string().trim().min(1, 'must be a non-empty string');

/** yyyy-MM-dd, and a real calendar day. YAML may hand us a Date for unquoted dates. */
export const IsoDate = z.preprocess(
  (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString().slice(0, 10) : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written yyyy-MM-dd')
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, 'must be a real calendar date'),
);

const internalPath = z.string().regex(/^\/[^\s]*$/, 'must be a site path starting with "/"');
const href = z.string().regex(/^(\/|#|https:\/\/|mailto:)/, 'must start with "/", "#", "https://" or "mailto:"');

export const Link = z.strictObject({ label: text, href });
export type Link = z.infer<typeof Link>;

/** Title and meta description of one page, as the head builder uses them. */
export const PageSeo = z.strictObject({
  name: text.describe('short page name, used in breadcrumbs'),
  title: text.max(70, 'must be at most 70 characters (search engines cut longer titles)'),
  description: text.max(170, 'must be at most 170 characters'),
});
export type PageSeo = z.infer<typeof PageSeo>;

export const SiteConfig = z.strictObject({
  name: text,
  url: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }),
  language: text.default('en'),
  description: text,
  tagline: text,
  socialImage: text.describe('file name in templates/static/'),
  logo: text.describe('file name in templates/static/'),
  favicon: text.describe('file name in templates/static/'),
  chromeStoreUrl: z.url({ protocol: /^https$/, error: 'must be an https URL' }),
  supportEmail: z.email({ error: 'must be an email address' }),
  analyticsId: z.string().regex(/^G-[A-Z0-9]+$/, 'must be a measurement id like G-XXXXXXX'),
  demoVideoUrl: z.url({ protocol: /^https$/, error: 'must be an https URL' }),
  foundingDate: z.string().regex(/^\d{4}$/, 'must be a year like 2025'),
  rating: z.strictObject({ value: z.number().min(1).max(5), count: z.number().int().positive() }),
  nav: z.array(z.strictObject({ label: text, href: internalPath })).min(1),
  footer: z.array(z.strictObject({ label: text, href: internalPath })).min(1),
  addToChrome: text,
  contactLabel: text,
});
export type SiteConfig = z.infer<typeof SiteConfig>;

export const BlogCategory = z.enum(['Opinion', 'Comparisons', 'Tools'], {
  error: 'must be one of Opinion, Comparisons, Tools',
});

export const BlogFrontMatter = z.strictObject({
  title: text,
  description: text,
  date: IsoDate,
  readTime: z.string().regex(/^\d+ min read$/, 'must look like "8 min read"'),
  category: BlogCategory,
  author: text,
});
export type BlogFrontMatter = z.infer<typeof BlogFrontMatter>;

export const LegalFrontMatter = z.strictObject({
  title: text,
  description: text,
  effective: IsoDate,
});
export type LegalFrontMatter = z.infer<typeof LegalFrontMatter>;

/* ----- Per-page content (content/pages/*.json) ----- */

const PageBase = z.strictObject({ seo: PageSeo });

export const PlanFeature = z.strictObject({ text, included: z.boolean().default(true) });
export const Plan = z.strictObject({
  name: text,
  description: text,
  price: text.describe('as shown, e.g. "$19" or "Custom"'),
  priceAmount: z.number().nonnegative().nullable().describe('USD per period for structured data; null = custom'),
  period: z.string(),
  cta: text,
  ctaAction: z.enum(['none', 'contact']),
  popular: z.boolean().default(false),
  features: z.array(PlanFeature).min(1),
});
export type Plan = z.infer<typeof Plan>;

export const FaqItem = z.strictObject({ question: text, answer: text });
export type FaqItem = z.infer<typeof FaqItem>;

/**
 * The page schemas. Keys are the JSON file names under content/pages/.
 * A page's extra sections are described where the page template needs them.
 */
export const pageSchemas = {
  home: PageBase.loose(),
  enterprise: PageBase.loose(),
  pricing: PageBase.extend({ plans: z.array(Plan).length(3), faq: z.array(FaqItem).length(8) }).loose(),
  blog: PageBase.loose(),
  'use-cases': PageBase.loose(),
  'ai-overview': PageBase.loose(),
  waitlist: PageBase.loose(),
  auth: PageBase.loose(),
  admin: PageBase.loose(),
  'not-found': PageBase.loose(),
} as const;

export type PageName = keyof typeof pageSchemas;
export type PageData = { [K in PageName]: z.infer<(typeof pageSchemas)[K]> };
