/**
 * What the checks ask of the schema.org types search engines show as rich results: a table of type ->
 * required property paths (see missingPaths.ts) and a hint naming where the requirement comes from.
 * The required properties are Google's (Search Central, structured data); where Google requires none
 * (an article, an organization), the table asks for what names the item. A type not in the table is
 * not checked. A plugin adds rules for more types, or replaces one of these (its `jsonLdRules`). Pure.
 */
import { missingPaths } from './missingPaths.ts';

export type JsonLdRule = (node: Record<string, unknown>) => string[];
export type JsonLdRules = Readonly<Record<string, JsonLdRule>>;

export interface JsonLdRequirement {
  /** Property paths: `name`, `offers.price` (every offer), `review|aggregateRating` (either). */
  readonly required: readonly string[];
  /** The fewest items a list property must hold. */
  readonly atLeast?: Readonly<Record<string, number>>;
  /** Why, and where to read more: follows each missing property in the build's error. */
  readonly hint: string;
}

type Node = Record<string, unknown>;

const has = (n: Node, key: string) => n[key] !== undefined && n[key] !== null && n[key] !== '';

/** The properties of `keys` a node lacks. */
export const missing = (n: Node, keys: string[]): string[] => keys.filter((k) => !has(n, k));

const google = (page: string) => `https://developers.google.com/search/docs/appearance/${page}`;
const requires = (what: string, page: string) => `Google requires it for ${what}: ${google(`structured-data/${page}`)}`;

/** One requirement for a type and the subtypes that share it. */
const family = (types: readonly string[], requirement: JsonLdRequirement) => Object.fromEntries(types.map((t) => [t, requirement]));

const article: JsonLdRequirement = {
  required: ['headline', 'author'],
  hint: `Google requires no property of an article; the checks ask for what it recommends first: ${google('structured-data/article')}`,
};

export const jsonLdRequirements: Readonly<Record<string, JsonLdRequirement>> = {
  WebSite: { required: ['name', 'url'], hint: `Google reads a site's name from them: ${google('site-names')}` },
  ...family(['Article', 'NewsArticle', 'TechArticle', 'ScholarlyArticle', 'Report', 'LiveBlogPosting'], article),
  // A post is dated and illustrated: what Google shows of it.
  BlogPosting: { ...article, required: ['headline', 'datePublished', 'author', 'image'] },
  ...family(
    ['Event', 'BusinessEvent', 'ChildrensEvent', 'ComedyEvent', 'DanceEvent', 'EducationEvent', 'ExhibitionEvent', 'Festival', 'FoodEvent', 'Hackathon', 'LiteraryEvent', 'MusicEvent', 'SaleEvent', 'ScreeningEvent', 'SocialEvent', 'SportsEvent', 'TheaterEvent', 'VisualArtsEvent'],
    { required: ['name', 'startDate', 'location'], hint: requires('an event', 'event') },
  ),
  Product: { required: ['name', 'offers|review|aggregateRating'], hint: requires('a product snippet', 'product-snippet') },
  Recipe: { required: ['name', 'image'], hint: requires('a recipe', 'recipe') },
  FAQPage: { required: ['mainEntity.name', 'mainEntity.acceptedAnswer.text'], hint: requires('an FAQ (each Question a name and an acceptedAnswer with text)', 'faqpage') },
  HowTo: { required: ['name', 'step'], hint: `a how-to names its steps (Google's former how-to rich result required both): ${google('structured-data')}` },
  ...family(
    ['Organization', 'Corporation', 'NGO', 'EducationalOrganization', 'SportsOrganization', 'SportsTeam', 'GovernmentOrganization', 'NewsMediaOrganization', 'PerformingGroup', 'OnlineBusiness', 'OnlineStore', 'ResearchOrganization', 'WorkersUnion', 'Cooperative'],
    { required: ['name'], hint: `Google requires no property of an organization; the checks ask for its name: ${google('structured-data/organization')}` },
  ),
  ...family(
    [
      'LocalBusiness', 'AnimalShelter', 'AutomotiveBusiness', 'AutoRepair', 'ChildCare', 'Dentist', 'DryCleaningOrLaundry', 'EmergencyService', 'EntertainmentBusiness',
      'FinancialService', 'FoodEstablishment', 'Bakery', 'BarOrPub', 'CafeOrCoffeeShop', 'Restaurant', 'GovernmentOffice', 'HealthAndBeautyBusiness', 'HairSalon',
      'HomeAndConstructionBusiness', 'LegalService', 'Library', 'LodgingBusiness', 'Campground', 'Hostel', 'Hotel', 'MedicalBusiness', 'ProfessionalService',
      'RealEstateAgent', 'SportsActivityLocation', 'ExerciseGym', 'SportsClub', 'Store', 'BikeStore', 'SportingGoodsStore', 'TouristInformationCenter', 'TravelAgency',
    ],
    { required: ['name', 'address'], hint: requires('a local business', 'local-business') },
  ),
  BreadcrumbList: {
    required: ['itemListElement.position', 'itemListElement.name', 'itemListElement.item'],
    atLeast: { itemListElement: 2 },
    hint: requires('a breadcrumb trail (at least two ListItems, each a position, a name and an item)', 'breadcrumb'),
  },
  ...family(['SoftwareApplication', 'MobileApplication', 'WebApplication', 'VideoGame'], {
    required: ['name', 'offers.price', 'aggregateRating|review'],
    hint: requires('a software app', 'software-app'),
  }),
  VideoObject: { required: ['name', 'thumbnailUrl', 'uploadDate'], hint: requires('a video', 'video') },
  Course: { required: ['name', 'description'], hint: requires('a course list', 'course') },
  JobPosting: {
    required: ['title', 'description', 'datePosted', 'hiringOrganization', 'jobLocation|applicantLocationRequirements'],
    hint: requires('a job posting (a remote one names applicantLocationRequirements instead of jobLocation)', 'job-posting'),
  },
  Review: { required: ['author', 'itemReviewed', 'reviewRating.ratingValue'], hint: requires('a review snippet', 'review-snippet') },
};

/** A requirement as a rule: each missing path, followed by the requirement's hint. */
export function ruleOf({ required, atLeast = {}, hint }: JsonLdRequirement): JsonLdRule {
  return (node) => {
    const short = Object.entries(atLeast).filter(([key, n]) => !Array.isArray(node[key]) || (node[key] as unknown[]).length < n);
    const lacks = short.length ? short.map(([key, n]) => `${key} (at least ${n} items)`) : missingPaths(node, required);
    return lacks.map((m) => `${m} (${hint})`);
  };
}

export const jsonLdRules: JsonLdRules = Object.fromEntries(Object.entries(jsonLdRequirements).map(([type, r]) => [type, ruleOf(r)]));
