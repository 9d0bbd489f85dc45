// @vitest-environment happy-dom
/**
 * widgets/islands/BlogSearch.ts: /blog?q= searches the site's search index (built here from four
 * articles by the engine's own builder, and served through fetch as a static host would) and lists the
 * matches in place of the cards; nothing is downloaded until there is a query.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSearchIndex } from '../../../../../generator/search/buildSearchIndex.ts';
import { searchWords } from '../../../../../generator/islands/searchWords.ts';

const posts = [
  ['gamma-vs-google-slides', 'Gamma vs Google Slides', 'Which tool fits a team that lives in Slides?', 'Gamma builds decks from a prompt.'],
  ['canva-vs-google-slides', 'Canva vs Google Slides', 'Design freedom or collaboration?', 'Canva is a design tool; Slides is for teams.'],
  ['slidesgpt-alternative', 'SlidesGPT alternative', 'Five tools compared.', 'We compared five presentation tools.'],
  ['brand-kit-limitations', 'Why brand kits fall short', 'A real brand is more than colors.', 'Fonts, logos and a café of colours.'],
];
const files = buildSearchIndex(
  posts.map(([slug, title, description, body]) => ({ url: `/blog/${slug}`, title: title!, description: description!, words: searchWords(`${title} ${description} ${body}`) })),
);

let mount: (el: HTMLElement) => void;
let island: HTMLElement;
let input: HTMLInputElement;
let fetched: string[];
const results = () => [...document.querySelectorAll<HTMLAnchorElement>('[data-search-results] a')].map((a) => a.getAttribute('href'));
const status = () => document.querySelector('[data-search-status]')!.textContent;
const cardsHidden = () => document.querySelector<HTMLElement>('[data-blog-cards]')!.hidden;
const type = (value: string) => {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

beforeEach(async () => {
  // A fresh island and index reader each time (the reader keeps what it downloaded).
  vi.resetModules();
  mount = (await import('../../../../../widgets/islands/BlogSearch.ts')).default;
  fetched = [];
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    const file = files.get(url.slice(1));
    return file === undefined ? new Response('not found', { status: 404 }) : new Response(file, { headers: { 'content-type': 'application/json' } });
  });
  history.replaceState(null, '', '/blog');
  document.body.innerHTML = `
    <div data-island="BlogSearch" data-hydrate="load">
      <form role="search" action="/blog" method="get" aria-label="Search articles">
        <input id="blog-search" type="search" name="q">
        <button type="submit">Search</button>
        <p data-search-status role="status"></p>
      </form>
    </div>
    <ul data-search-results hidden></ul>
    <button type="button" data-search-more hidden>Show more results</button>
    <ul data-blog-cards>${posts.map(([slug, title]) => `<li data-slug="${slug}">${title}</li>`).join('')}</ul>
    <p data-blog-empty hidden>No articles match.</p>`;
  island = document.querySelector('[data-island]')!;
  input = island.querySelector('input')!;
});
afterEach(() => {
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

describe('BlogSearch', () => {
  it('without ?q= shows the cards and downloads nothing', async () => {
    mount(island);
    await new Promise((r) => setTimeout(r, 50));
    expect(cardsHidden()).toBe(false);
    expect(input.value).toBe('');
    expect(status()).toBe('');
    expect(fetched).toEqual([]);
  });

  it('searches ?q= from the location in every article\'s text, and lists the matches in place of the cards', async () => {
    history.replaceState(null, '', '/blog?q=Cafe');
    mount(island);
    expect(input.value).toBe('Cafe');
    await vi.waitFor(() => expect(status()).toBe('1 article matches "Cafe"'));
    expect(results()).toEqual(['/blog/brand-kit-limitations']);
    expect(cardsHidden()).toBe(true);
    expect(document.querySelector<HTMLElement>('[data-blog-empty]')!.hidden).toBe(true);
    expect(fetched[0]).toBe('/search/index.json');
  });

  it('searches while typing (every word, the last as a start), keeps ?q= in the address, and brings the cards back when cleared', async () => {
    mount(island);
    type('slides te');
    await vi.waitFor(() => expect(status()).toBe('2 articles match "slides te"'));
    expect(results()).toEqual(['/blog/gamma-vs-google-slides', '/blog/canva-vs-google-slides']);
    expect(new URL(location.href).searchParams.get('q')).toBe('slides te');

    type('zebra');
    await vi.waitFor(() => expect(status()).toBe('0 articles match "zebra"'));
    expect(document.querySelector<HTMLElement>('[data-blog-empty]')!.hidden).toBe(false);

    type('');
    await vi.waitFor(() => expect(status()).toBe(''));
    expect(cardsHidden()).toBe(false);
    expect(new URL(location.href).searchParams.has('q')).toBe(false);
  });

  it('keeps the search form from reloading the page', () => {
    mount(island);
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    input.form!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });

  it('says so, and keeps the cards, when the index cannot be loaded', async () => {
    const manifest = files.get('search/index.json')!;
    files.delete('search/index.json');
    try {
      history.replaceState(null, '', '/blog?q=gamma');
      mount(island);
      await vi.waitFor(() => expect(status()).toBe('Search is not available right now; every article is listed below.'));
      expect(cardsHidden()).toBe(false);
    } finally {
      files.set('search/index.json', manifest);
    }
  });

  it('on a page without its own results list, puts one right after the form', async () => {
    document.querySelector('[data-search-results]')!.remove();
    mount(island);
    type('gamma');
    await vi.waitFor(() => expect(status()).toBe('1 article matches "gamma"'));
    expect(island.nextElementSibling!.matches('ul[data-search-results][aria-label="Search results"]')).toBe(true);
    expect(results()).toEqual(['/blog/gamma-vs-google-slides']);
  });
});
