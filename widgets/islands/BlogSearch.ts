/**
 * Blog search: /blog?q=words finds every article with all the words in its title, description or text
 * (the last word may go on: "pres" finds "presentation"), through the site's static search index. The
 * index and the code that reads it load only when a visitor searches. The matches replace the page's
 * card list ([data-blog-cards]) while there is a query; the status line (a live region) says how many.
 * Without JavaScript the form is a plain GET to /blog, which lists the articles.
 */

/** How long typing pauses before the query runs. */
const DEBOUNCE_MS = 120;

export default function mount(el: HTMLElement): void {
  const input = el.querySelector<HTMLInputElement>('input[name="q"]');
  if (!input) return;
  const status = el.querySelector<HTMLElement>('[data-search-status]');
  const list = document.querySelector<HTMLElement>('[data-search-results]') ?? resultsList(el);
  const more = document.querySelector<HTMLButtonElement>('[data-search-more]');
  const cards = document.querySelector<HTMLElement>('[data-blog-cards]');
  const empty = document.querySelector<HTMLElement>('[data-blog-empty]');
  let run = 0;
  let ids: number[] = [];
  let shown = 0;

  const showCards = (on: boolean) => {
    if (cards) cards.hidden = !on;
    list.hidden = on;
    if (more && on) more.hidden = true;
  };
  const apply = async (query: string) => {
    const mine = ++run;
    const current = () => mine === run;
    const q = query.trim();
    if (!q) {
      showCards(true);
      if (empty) empty.hidden = true;
      if (status) status.textContent = '';
      return;
    }
    try {
      const lib = await import('../lib/blogResults.ts');
      const found = await lib.findArticles(q);
      if (!current()) return;
      ids = found;
      shown = 0;
      await lib.showResults({ list, more }, ids, 0, current);
      if (!current()) return;
      shown = lib.PAGE;
      showCards(false);
      if (empty) empty.hidden = ids.length > 0;
      if (status) status.textContent = lib.statusText(ids.length, q);
    } catch {
      if (!current()) return;
      showCards(true);
      if (status) status.textContent = 'Search is not available right now; every article is listed below.';
    }
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  input.addEventListener('input', () => {
    const url = new URL(location.href);
    if (input.value) url.searchParams.set('q', input.value);
    else url.searchParams.delete('q');
    history.replaceState(null, '', url);
    clearTimeout(timer);
    timer = setTimeout(() => void apply(input.value), DEBOUNCE_MS);
  });
  input.form?.addEventListener('submit', (e) => {
    e.preventDefault();
    clearTimeout(timer);
    void apply(input.value);
  });
  more?.addEventListener('click', async () => {
    const lib = await import('../lib/blogResults.ts');
    const from = shown;
    shown += lib.PAGE;
    const mine = run;
    await lib.showResults({ list, more }, ids, from, () => mine === run);
    // Keyboard users continue at the first result added (the button may be gone now).
    list.children[from]?.querySelector('a')?.focus();
  });
  const initial = new URLSearchParams(location.search).get('q') ?? '';
  input.value = initial;
  if (initial.trim()) void apply(initial);
}

/** A page without its own [data-search-results] gets one right after the search form's island. */
function resultsList(el: HTMLElement): HTMLElement {
  const list = document.createElement('ul');
  list.className = 'post-grid';
  list.dataset.searchResults = '';
  list.setAttribute('aria-label', 'Search results');
  list.hidden = true;
  el.after(list);
  return list;
}
