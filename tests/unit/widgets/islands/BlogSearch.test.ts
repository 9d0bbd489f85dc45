// @vitest-environment happy-dom
/**
 * widgets/islands/BlogSearch.ts: /blog?q= filters the [data-search] cards.
 * The cards' data-search holds the lowercased title and description
 * (templates/components/PostCard.tsx), so `matches` lowercases only the query.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import mount, { matches } from '../../../../widgets/islands/BlogSearch.ts';

const posts = [
  ['gamma-vs-google-slides', 'Gamma vs Google Slides', 'Which tool fits a team that lives in Slides?'],
  ['canva-vs-google-slides', 'Canva vs Google Slides', 'Design freedom or collaboration?'],
  ['slidesgpt-alternative', 'SlidesGPT alternative', 'Five tools compared.'],
  ['brand-kit-limitations', 'Why brand kits fall short', 'A real brand is more than colors.'],
];

let island: HTMLElement;
let input: HTMLInputElement;
const cards = () => [...document.querySelectorAll<HTMLElement>('[data-search]')];
const shown = () => cards().filter((c) => !c.hidden).map((c) => c.dataset.slug);
const status = () => document.querySelector('[data-search-status]')!.textContent;
const type = (value: string) => {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

beforeEach(() => {
  history.replaceState(null, '', '/blog');
  document.body.innerHTML = `
    <div data-island="BlogSearch" data-hydrate="idle">
      <form role="search" action="/blog" method="get">
        <input id="blog-search" type="search" name="q">
        <button type="submit">Search</button>
      </form>
      <p data-search-status aria-live="polite"></p>
    </div>
    <ol>
      ${posts
        .map(([slug, title, description]) => `<li class="post-card" data-search="${`${title} ${description}`.toLowerCase()}" data-slug="${slug}">${title}</li>`)
        .join('')}
    </ol>`;
  island = document.querySelector('[data-island]')!;
  input = island.querySelector('input')!;
});
afterEach(() => history.replaceState(null, '', '/'));

describe('matches', () => {
  const hay = 'gamma vs google slides which tool fits a team';
  it('needs every word', () => {
    expect(matches(hay, 'gamma slides')).toBe(true);
    expect(matches(hay, 'gamma canva')).toBe(false);
  });
  it('ignores the case of the query', () => {
    expect(matches(hay, 'GAMMA Google')).toBe(true);
  });
  it('matches word parts and ignores extra whitespace', () => {
    expect(matches(hay, '  gam   slid ')).toBe(true);
  });
  it('an empty or blank query matches everything', () => {
    expect(matches(hay, '')).toBe(true);
    expect(matches(hay, '   ')).toBe(true);
  });
});

describe('mount', () => {
  it('without ?q= shows every card and no status', () => {
    mount(island);
    expect(shown()).toHaveLength(posts.length);
    expect(input.value).toBe('');
    expect(status()).toBe('');
  });

  it('filters by ?q= from the location, fills the input and sets the status', () => {
    history.replaceState(null, '', '/blog?q=Google+Slides');
    mount(island);
    expect(input.value).toBe('Google Slides');
    expect(shown()).toEqual(['gamma-vs-google-slides', 'canva-vs-google-slides']);
    for (const c of cards()) expect(c.hidden).toBe(!['gamma-vs-google-slides', 'canva-vs-google-slides'].includes(c.dataset.slug!));
    expect(status()).toBe('2 of 4 articles match "Google Slides"');
  });

  it('reports no match', () => {
    history.replaceState(null, '', '/blog?q=zebra');
    mount(island);
    expect(shown()).toEqual([]);
    expect(status()).toBe('0 of 4 articles match "zebra"');
  });

  it('filters live while typing and keeps ?q= in the address', () => {
    mount(island);
    type('brand');
    expect(shown()).toEqual(['brand-kit-limitations']);
    expect(status()).toBe('1 of 4 articles match "brand"');
    expect(new URL(location.href).searchParams.get('q')).toBe('brand');
    expect(location.pathname).toBe('/blog');

    type('five TOOLS');
    expect(shown()).toEqual(['slidesgpt-alternative']);

    type('');
    expect(shown()).toHaveLength(posts.length);
    expect(status()).toBe('');
    expect(new URL(location.href).searchParams.has('q')).toBe(false);
  });

  it('keeps the search form from reloading the page', () => {
    mount(island);
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    input.form!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });
});
