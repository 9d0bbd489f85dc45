/** What the structured-data check asks of a TechArticle (a documentation page). */
import { describe, expect, it } from 'vitest';
import { jsonLdRequirements } from '../../../generator/checks/jsonLdRules.ts';
import { requiredJsonLd } from '../../../generator/checks/requiredJsonLd.ts';

const article = { '@context': 'https://schema.org', '@type': 'TechArticle', headline: 'Caching', author: { '@type': 'Organization', name: 'Tern' } };

describe('requiredJsonLd: TechArticle', () => {
  it('accepts a TechArticle with a headline and an author, without dates or image', () => {
    expect(requiredJsonLd(article)).toEqual([]);
  });

  it('names the headline and the author when they are missing', () => {
    const { headline: _, author: __, ...bare } = article;
    const hint = jsonLdRequirements.TechArticle!.hint;
    expect(requiredJsonLd(bare)).toEqual([`TechArticle is missing headline (${hint})`, `TechArticle is missing author (${hint})`]);
  });
});

const ctx = { '@context': 'https://schema.org' };
/** The missing properties each problem names, without the hint that follows. */
const hints = Object.values(jsonLdRequirements).map((r) => ` (${r.hint})`);
const lacks = (data: unknown) => requiredJsonLd(data).map((p) => hints.reduce((text, hint) => (text.endsWith(hint) ? text.slice(0, -hint.length) : text), p));

describe('requiredJsonLd: any schema.org type', () => {
  it('passes a type no rule knows, unchecked', () => {
    expect(requiredJsonLd({ ...ctx, '@type': 'Place', name: 'Summit hut' })).toEqual([]);
    expect(requiredJsonLd({ ...ctx, '@type': 'TouristTrip' })).toEqual([]);
  });

  it('still asks for a schema.org context and an @type on every node', () => {
    expect(requiredJsonLd({ '@type': 'Place' })).toEqual(['a JSON-LD block lacks "@context": "https://schema.org"']);
    expect(requiredJsonLd({ '@context': 'https://example.org', '@type': 'Place' })).toEqual(['a JSON-LD block lacks "@context": "https://schema.org"']);
    expect(requiredJsonLd('Place')).toEqual(['a JSON-LD block lacks "@context": "https://schema.org"']);
    expect(requiredJsonLd({ ...ctx, name: 'No type' })).toEqual(['a JSON-LD node lacks "@type" (a schema.org type, e.g. "Event")']);
    expect(requiredJsonLd({ '@context': 'http://schema.org/', '@type': 'Place' })).toEqual([]);
  });

  it('checks every node of an @graph and of a list of blocks', () => {
    const graph = { ...ctx, '@graph': [{ '@type': 'Place', name: 'Hut' }, { '@type': 'Event', name: 'Ridge walk', startDate: '2031-05-01' }, 'x'] };
    expect(lacks(graph)).toEqual(['Event is missing location', 'a JSON-LD node is not an object']);
    expect(lacks([{ ...ctx, '@type': 'Recipe', name: 'Trail mix' }, { '@type': 'Place' }])).toEqual(['Recipe is missing image', 'a JSON-LD block lacks "@context": "https://schema.org"']);
  });
});

describe("requiredJsonLd: Google's rich result types", () => {
  it('names the page-independent part of the error: the type, the missing property and a hint with the doc', () => {
    const [problem] = requiredJsonLd({ ...ctx, '@type': 'Event', name: 'Ridge walk', startDate: '2031-05-01' });
    expect(problem).toBe('Event is missing location (Google requires it for an event: https://developers.google.com/search/docs/appearance/structured-data/event)');
  });

  it.each([
    ['Event', { name: 'Walk' }, ['startDate', 'location']],
    ['SportsEvent', { name: 'Fell race', startDate: '2031-06-01', location: { '@type': 'Place', name: 'Fell' } }, []],
    ['NewsArticle', {}, ['headline', 'author']],
    ['Product', { name: 'Boots' }, ['offers, review or aggregateRating']],
    ['Recipe', { name: 'Flapjack', image: 'https://x.example/f.jpg' }, []],
    ['FAQPage', { mainEntity: [{ '@type': 'Question', name: 'Dogs?', acceptedAnswer: { '@type': 'Answer', text: 'On leads.' } }, { '@type': 'Question', name: 'Kids?' }] }, ['mainEntity[1].acceptedAnswer']],
    ['FAQPage', {}, ['mainEntity']],
    ['HowTo', { name: 'Pack a rucksack' }, ['step']],
    ['SportsOrganization', {}, ['name']],
    ['LocalBusiness', { name: 'Outdoor shop' }, ['address']],
    [['LocalBusiness', 'SportingGoodsStore'], { name: 'Outdoor shop', address: 'High St' }, []],
    ['BreadcrumbList', { itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Home', item: 'https://x.example/' }] }, ['itemListElement (at least 2 items)']],
    ['BreadcrumbList', { itemListElement: [{ position: 1, name: 'Home', item: 'https://x.example/' }, { position: 2, item: 'https://x.example/walks' }] }, ['itemListElement[1].name']],
    ['SoftwareApplication', { name: 'Trail app', offers: { '@type': 'Offer' }, review: { '@type': 'Review' } }, ['offers.price']],
    ['MobileApplication', { name: 'Trail app', offers: { price: '0' } }, ['aggregateRating or review']],
    ['VideoObject', { name: 'Ridge' }, ['thumbnailUrl', 'uploadDate']],
    ['Course', { name: 'Map reading' }, ['description']],
    ['JobPosting', { title: 'Guide', description: 'Lead walks', datePosted: '2031-01-01', hiringOrganization: { name: 'Club' }, applicantLocationRequirements: { '@type': 'Country', name: 'UK' } }, []],
    ['JobPosting', { title: 'Guide' }, ['description', 'datePosted', 'hiringOrganization', 'jobLocation or applicantLocationRequirements']],
    ['Review', { author: { name: 'Ann' }, itemReviewed: { '@type': 'Place', name: 'Hut' }, reviewRating: {} }, ['reviewRating.ratingValue']],
  ])('%s: %j lacks %j', (type, props, missing) => {
    const name = [type].flat().find((t) => Object.hasOwn(jsonLdRequirements, t));
    expect(lacks({ ...ctx, '@type': type, ...props })).toEqual(missing.map((m) => `${name} is missing ${m}`));
  });
});

describe('requiredJsonLd: types schema.org does not have', () => {
  it('names a made-up type with the nearest schema.org type, in a node and in the objects inside it', () => {
    expect(requiredJsonLd({ ...ctx, '@type': 'TouristTripp', name: 'Ridge walk' })).toEqual(['"TouristTripp" is not a schema.org type: did you mean "TouristTrip"?']);
    expect(requiredJsonLd({ ...ctx, '@type': 'HikingTrailz', name: 'Ridge walk' })).toEqual(['"HikingTrailz" is not a schema.org type (https://schema.org/docs/full.html lists them)']);
    const graph = { ...ctx, '@graph': [{ '@type': 'Place', name: 'Hut', containedInPlace: { '@type': 'Contry', name: 'Austria' } }] };
    expect(requiredJsonLd(graph)).toEqual(['"Contry" is not a schema.org type: did you mean "Country"?']);
  });

  it('passes every type schema-dts declares, a type a rule knows, and types named by IRI', () => {
    expect(requiredJsonLd({ ...ctx, '@type': ['Place', 'LandmarksOrHistoricalBuildings'], name: 'Old bridge' })).toEqual([]);
    expect(requiredJsonLd({ ...ctx, '@type': 'HikingTrail', name: 'Ridge walk' }, { HikingTrail: () => [] })).toEqual([]);
    expect(requiredJsonLd({ ...ctx, '@type': 'https://example.org/vocab/Trail', name: 'Ridge walk' })).toEqual([]);
  });
});
