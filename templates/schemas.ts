/**
 * The site's content model: every zod schema of its content lives in this
 * file (site.json, the per-page JSON files, blog front matter and legal
 * front matter). templates/collections.ts declares which files each one
 * validates; templates receive the inferred types.
 */
import * as z from 'zod';

const text = z.string().trim().min(1, 'must be a non-empty string');

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A yyyy-MM-dd text that names a day of the calendar (not 2025-02-30). */
const isCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** yyyy-MM-dd, and a real calendar day (the engine reads YAML dates as the text written). */
export const IsoDate = z.string().regex(ISO_DATE, 'must be a date written yyyy-MM-dd').refine(isCalendarDate, 'must be a real calendar date');

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
  /** Shared interface labels (accessible names included). */
  labels: z.strictObject({
    skipLink: text,
    mainNav: text,
    footerNav: text,
    breadcrumb: text,
    menu: text,
    closeMenu: text,
    admin: text,
    signOut: text,
    close: text,
    effective: text.describe('before the effective date of a legal page'),
  }),
  /** The contact dialog shell; the form inside is a widget. */
  contact: z.strictObject({ heading: text, lead: text, fallback: text }),
});
export type SiteConfig = z.infer<typeof SiteConfig>;

export const BlogCategory = z.enum(['Opinion', 'Comparisons', 'Tools'], {
  error: 'must be one of Opinion, Comparisons, Tools',
});

const READ_TIME = /^\d+ min read$/;

export const BlogFrontMatter = z.strictObject({
  title: text,
  description: text,
  date: IsoDate,
  readTime: z.string().regex(READ_TIME, 'must look like "8 min read"'),
  category: BlogCategory,
  author: text,
  /** true: left out of the build (shown by `site dev` and `site build --drafts`). */
  draft: z.boolean().optional(),
  /** Old paths of the article ("/blog/old-slug"): each redirects to it (a 301 where the host reads _redirects). */
  aliases: z.array(internalPath).optional(),
});
export type BlogFrontMatter = z.infer<typeof BlogFrontMatter>;

export const LegalFrontMatter = z.strictObject({
  title: text,
  description: text,
  effective: IsoDate,
});
export type LegalFrontMatter = z.infer<typeof LegalFrontMatter>;

/* ----- Per-page content (content/pages/*.json) ----- */

/** Icons the templates may draw (lucide-static names; templates/components/Icon.tsx maps them). */
export const IconName = z.enum(
  [
    'ArrowLeft', 'ArrowRight', 'Briefcase', 'CalendarClock', 'ChartColumn', 'Check', 'ChevronDown', 'ClipboardList', 'Clock',
    'Code', 'Globe', 'Layers', 'Mail', 'Megaphone', 'Menu', 'Minus', 'Palette', 'Play', 'Plug', 'Presentation',
    'Puzzle', 'Quote', 'Repeat', 'Rocket', 'Search', 'ShieldCheck', 'SlidersHorizontal', 'Sparkles', 'Users', 'X',
  ],
  { error: 'must be one of the icon names listed in IconName (templates/schemas.ts)' },
);
export type IconName = z.infer<typeof IconName>;

const texts = (min = 1) => z.array(text).min(min);
/** A section: a heading, an optional intro line and its own fields. */
const section = <T extends z.core.$ZodLooseShape>(shape: T) => z.strictObject({ heading: text, intro: text.optional(), ...shape });

export const Hero = z.strictObject({ eyebrow: text.optional(), heading: text, lead: text });
export const FeatureCard = z.strictObject({ icon: IconName, title: text, description: text });
export type FeatureCard = z.infer<typeof FeatureCard>;
/** A text with {name} placeholders: it must hold each of `names`. */
const withPlaceholders = (...names: string[]) =>
  text.refine((s) => names.every((n) => s.includes(`{${n}}`)), `must contain ${names.map((n) => `{${n}}`).join(' and ')}`);

/** The blog's listing pages (/blog, /blog/page/<n>, /blog/category/<slug>): page size, labels, category blurbs. */
export const BlogListing = z.strictObject({
  pageSize: z.number().int().min(1).max(100),
  /** Accessible name of the category links' nav, and the link back to every article. */
  categoriesLabel: text,
  allLabel: text,
  paginationLabel: text,
  previous: text,
  next: text,
  /** "Page {page} of {pages}" under the cards and after a later page's description. */
  pageStatus: withPlaceholders('page', 'pages'),
  /** A later page's breadcrumb ("Page {page}") and the part of its title after the listing's name ("page {page}"). */
  pageCrumb: withPlaceholders('page'),
  pageTitle: withPlaceholders('page'),
  /** Each category page's lead and meta description. */
  categories: z.record(BlogCategory, text.max(150, 'must be at most 150 characters (the page number is added to later pages)')),
});
export type BlogListing = z.infer<typeof BlogListing>;

/** Title + description: steps, knowledge-base items, overview facts. */
export const Item = z.strictObject({ title: text, description: text });
export type Item = z.infer<typeof Item>;
export const Fact = z.strictObject({ label: text, value: text });
export const Quote = z.strictObject({ quote: text, name: text, role: text });
export type Quote = z.infer<typeof Quote>;
export const IntegrationTile = z
  .strictObject({
    name: text,
    logo: text.describe('isImage: file name in templates/static/; otherwise a short text mark'),
    isImage: z.boolean(),
  })
  .refine((t) => !t.isImage || /\.(svg|png|webp)$/.test(t.logo), {
    message: 'must name an .svg, .png or .webp file in templates/static/ when isImage is true',
    path: ['logo'],
  });
export type IntegrationTile = z.infer<typeof IntegrationTile>;
/** A closing call to action: heading, lead and up to three reassurance points. */
export const CtaBand = z.strictObject({ heading: text, lead: text, points: texts().max(3).optional() });
export type CtaBand = z.infer<typeof CtaBand>;

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

export const UseCase = z.strictObject({
  title: text,
  icon: IconName,
  painPoints: texts(),
  solutions: texts(),
  prompts: texts(),
  savings: text,
  enterpriseNote: text,
});
export type UseCase = z.infer<typeof UseCase>;

/** The marketing example of the enterprise API (not a real call). */
export const ApiExample = z.strictObject({ template: text, data_source: text, schedule: text, delivery: texts() });

const asksForTenSlides = (s: string) => [...s.matchAll(/(\d+)[ -]slides?\b/g)].some((m) => Number(m[1]) >= 10);
/** Cell of the extension-vs-enterprise table: true/false draw a mark, text is shown as is. */
const Cell = z.union([z.boolean(), text]);
/** Pages whose working part is a React island: what shows until (or without) it. */
const IslandPage = { heading: text, lead: text, fallback: text.describe('shown until the widget replaces it') };

const PageBase = z.strictObject({ seo: PageSeo });

const pages = {
  home: PageBase.extend({
    hero: Hero.extend({ watchDemo: text, proof: texts().max(4), imageAlt: text }),
    demo: z.strictObject({ heading: text, frameLabel: text, close: text }),
    features: section({ cards: z.array(FeatureCard).length(4) }),
    steps: section({ items: z.array(Item).length(3) }),
    examples: section({
      promptLabel: text,
      prompt: text.refine(asksForTenSlides, 'must ask for at least 10 slides (e.g. "Create 12 slides ...")'),
      outputLabel: text,
      slides: texts(3).max(6),
    }),
    investors: section({ items: z.array(Item).min(1).max(4) }),
    testimonial: Quote,
    cta: CtaBand.extend({ pricingLink: Link }),
  }),
  enterprise: PageBase.extend({
    hero: Hero.extend({ demoButton: text, pricingLink: Link }),
    features: section({ cards: z.array(FeatureCard).length(6) }),
    knowledgeBase: section({ urlLabel: text, urlExample: text, items: z.array(Item).length(5) }),
    dynamicFields: section({
      caption: text.describe('names the comparison table for screen readers'),
      columns: z.strictObject({ feature: text, extension: text, enterprise: text }),
      yes: text,
      no: text,
      rows: z.array(z.strictObject({ feature: text, extension: Cell, enterprise: Cell })).min(1),
      button: text,
    }),
    crm: section({ tiles: z.array(IntegrationTile).min(1) }),
    slack: section({ tile: IntegrationTile, points: texts() }),
    bi: section({ tiles: z.array(IntegrationTile).min(1) }),
    security: section({ items: texts().length(8), button: text }),
    api: section({
      points: texts(),
      requestLabel: text,
      method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
      path: internalPath,
      body: ApiExample,
      button: text,
    }),
    cta: CtaBand.extend({ button: text, pricingLink: Link }),
  }),
  pricing: PageBase.extend({
    hero: Hero,
    popularLabel: text,
    notIncludedLabel: text.describe('read by screen readers before a struck-through feature'),
    plans: z.array(Plan).length(3),
    faq: section({ items: z.array(FaqItem).length(8) }),
    help: section({ emailLabel: text, contactButton: text, enterpriseLink: Link }),
  }),
  blog: PageBase.extend({
    hero: Hero,
    search: z.strictObject({ label: text, placeholder: text, button: text, empty: text, more: text, results: text }),
    listing: BlogListing,
    cta: section({ link: Link }),
    article: z.strictObject({ back: text, byline: text, related: text, cta: section({ link: Link }) }),
  }),
  'use-cases': PageBase.extend({
    hero: Hero,
    labels: z.strictObject({ challenges: text, solutions: text, prompts: text, enterprise: text }),
    items: z.array(UseCase).length(5),
    quote: Quote,
    cta: CtaBand,
  }),
  'ai-overview': PageBase.extend({
    hero: Hero,
    overview: section({ paragraphs: texts() }),
    features: section({ items: z.array(Item).min(1) }),
    howItWorks: section({ steps: z.array(Item).length(3) }),
    pricing: section({ customLabel: text }),
    audience: section({ items: texts() }),
    useCases: section({ items: z.array(Item).min(1) }),
    technical: section({ facts: z.array(Fact).min(1) }),
    company: section({ foundedLabel: text, facts: z.array(Fact).min(1) }),
    contact: section({ emailLabel: text, links: z.array(Link).min(1) }),
  }),
  waitlist: PageBase.extend({ ...IslandPage, perks: section({ items: texts() }) }),
  auth: PageBase.extend(IslandPage),
  admin: PageBase.extend(IslandPage),
  'not-found': PageBase.extend({ code: text, heading: text, lead: text, homeLink: text }),
} as const;

/** The page schemas, keyed by the JSON file names under content/pages/. */
export const pageSchemas = pages;
export type PageName = keyof typeof pages;
export type PageData = { [K in PageName]: z.infer<(typeof pages)[K]> };

/* ----- Widget labels (content/widgets.json) ----- */

const Field = z.strictObject({ label: text, placeholder: text.optional() });

/** Labels of the interactive widgets; the spec's fixed messages live in widgets/lib/messages.ts. */
export const WidgetCopy = z.strictObject({
  toaster: z.strictObject({ label: text }),
  cookieBanner: z.strictObject({ heading: text, text: text, privacyLink: text, accept: text, decline: text }),
  contact: z.strictObject({ name: Field, email: Field, company: Field, message: Field, submit: text, submitting: text }),
  waitlist: z.strictObject({
    name: Field,
    email: Field,
    favorite_part: Field,
    desired_features: Field,
    willing_to_give_feedback: Field,
    submit: text,
    successTitle: text,
    successPosition: text.refine((s) => s.includes('{position}'), 'must contain "{position}"'),
    successNote: text,
    backHome: text,
  }),
  auth: z.strictObject({
    signInTitle: text,
    signUpTitle: text,
    email: Field,
    password: Field,
    signIn: text,
    signUp: text,
    toSignUp: text,
    toSignIn: text,
  }),
  admin: z.strictObject({
    title: text,
    loading: text,
    columns: z.strictObject({ name: text, email: text, company: text, message: text, date: text }),
    goHome: text,
    signOut: text,
  }),
});
export type WidgetCopy = z.infer<typeof WidgetCopy>;
