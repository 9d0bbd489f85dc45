/**
 * Blog search: /blog?q=term filters the cards by title and description.
 * Without JavaScript every card shows and the form simply reloads the page.
 */
export function matches(haystack: string, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((w) => haystack.includes(w));
}

export default function mount(el: HTMLElement): void {
  const input = el.querySelector<HTMLInputElement>('input[name="q"]');
  const cards = [...document.querySelectorAll<HTMLElement>('[data-search]')];
  const status = el.querySelector<HTMLElement>('[data-search-status]');
  const empty = document.querySelector<HTMLElement>('[data-blog-empty]');
  const apply = (q: string) => {
    let shown = 0;
    for (const card of cards) {
      const hit = matches(card.dataset.search ?? '', q);
      card.hidden = !hit;
      if (hit) shown++;
    }
    if (empty) empty.hidden = shown > 0;
    if (status) status.textContent = q ? `${shown} of ${cards.length} articles match "${q}"` : '';
  };
  const initial = new URLSearchParams(location.search).get('q') ?? '';
  if (input) {
    input.value = initial;
    input.addEventListener('input', () => {
      apply(input.value);
      const url = new URL(location.href);
      if (input.value) url.searchParams.set('q', input.value);
      else url.searchParams.delete('q');
      history.replaceState(null, '', url);
    });
    input.form?.addEventListener('submit', (e) => e.preventDefault());
  }
  apply(initial);
}
