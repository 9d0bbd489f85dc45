/** Which images a build makes: one per route with socialImage, each keyed and named; bad data names its route. */
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../generator/core/errors.ts';
import { planSocialImages } from '../../../generator/social/planSocialImages.ts';
import type { Route, SiteMeta, SocialCardData } from '../../../generator/site/defineConfig.ts';

const meta: SiteMeta = { name: 'Decksmith', url: 'https://decksmith.ai', language: 'en' };
const fonts = { key: 'fonts', coverage: [[32, 126]] as [number, number][] };
const route = (path: string, socialImage?: unknown): Route =>
  ({ path, file: `${path.slice(1) || 'index'}.html`, template: 'page', title: 'T', description: 'D', indexable: true, breadcrumbs: [], ogType: 'website', ...(socialImage === undefined ? {} : { socialImage }) }) as Route;
const card = (data: SocialCardData, site: SiteMeta) => ({ type: 'div', props: { children: [`${site.name}: `, data.eyebrow ?? '', ' ', data.title] } }) as never;

function error(fn: () => unknown): SiteError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SiteError);
    return e as SiteError;
  }
  throw new Error('expected a SiteError');
}

describe('planSocialImages', () => {
  it('plans an image for each route that asks, and a URL for its page; other routes get none', () => {
    const plan = planSocialImages([route('/'), route('/blog/a', { title: 'A', eyebrow: 'Tools' }), route('/blog/b', { title: 'B' })], card, meta, fonts, 'r');
    expect(plan.images.map((i) => i.route)).toEqual(['/blog/a', '/blog/b']);
    expect(Object.keys(plan.urls)).toEqual(['/blog/a', '/blog/b']);
    expect(plan.urls['/blog/a']).toMatch(/^\/assets\/social\/blog-a-[0-9a-f]{8}\.png$/);
    expect(plan.images[0]!.tree).toEqual({ type: 'div', props: { children: ['Decksmith: Tools A'] } });
  });

  it('draws routes whose cards come out the same once', () => {
    const plan = planSocialImages([route('/a', { title: 'Same' }), route('/b', { title: 'Same' })], card, meta, fonts, 'r');
    expect(plan.images).toHaveLength(1);
    expect(plan.urls['/b']).toBe(plan.urls['/a']);
  });

  it("leaves out of a card's text what its fonts cannot draw", () => {
    const plan = planSocialImages([route('/a', { title: 'Launch 🚀 day' })], card, meta, fonts, 'r');
    expect(plan.images[0]!.tree!.props.children).toEqual(['Decksmith: Launch day']);
  });

  it("takes the keys of cards it knows (a build of the same code) without drawing them, and names every route's key", () => {
    const routes = [route('/blog/a', { title: 'A' }), route('/blog/b', { title: 'B' })];
    const first = planSocialImages(routes, card, meta, fonts, 'r');
    expect(Object.keys(first.keys)).toEqual([JSON.stringify({ title: 'A' }), JSON.stringify({ title: 'B' })]);
    let drawn = 0;
    const counting = (data: SocialCardData, site: SiteMeta) => (drawn++, card(data, site));
    const known = { [JSON.stringify({ title: 'A' })]: first.keys[JSON.stringify({ title: 'A' })]! };
    const next = planSocialImages(routes, counting, meta, fonts, 'r', known);
    expect(drawn).toBe(1);
    expect(next.urls).toEqual(first.urls);
    expect(next.images.map((i) => i.tree === undefined)).toEqual([true, false]);
  });

  it('refuses socialImage data without a title, naming the route', () => {
    const e = error(() => planSocialImages([route('/blog/x', { eyebrow: 'Tools' })], card, meta, fonts, 'r'));
    expect(e.code).toBe('SocialImageInvalid');
    expect(e.message).toBe('The route /blog/x asks for a social image (its socialImage field), but its "title" is not a non-empty string.');
    expect(error(() => planSocialImages([route('/y', 'A title')], card, meta, fonts, 'r')).message).toMatch(/it is a string, not an object/);
    expect(error(() => planSocialImages([route('/z', { title: 'T', when: { y: 1 } })], card, meta, fonts, 'r')).message).toMatch(/its "when" is neither text, a number nor true or false/);
  });

  it("turns the card's exception into SocialCardFailed naming the route", () => {
    const throwing = () => {
      throw new Error('no logo for this category.');
    };
    const e = error(() => planSocialImages([route('/blog/x', { title: 'T' })], throwing, meta, fonts, 'r'));
    expect(e.code).toBe('SocialCardFailed');
    expect(e.message.split('\n')[0]).toBe('tests/unit/social/planSocialImages.test.ts:66: The social image of /blog/x failed: no logo for this category.');
    expect(e.hint).toMatch(/--no-social-images/);
  });
});
