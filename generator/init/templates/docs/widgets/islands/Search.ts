/**
 * The island Search (this file's name): the search box in the header. Its code loads when a reader
 * first focuses or uses the box; each change of the query shows the pages that have every word (the
 * last one also as the start of a longer word), from the index the build writes (`search` in
 * site.config.ts). A link per result; nothing is sent to a server.
 */
import type { Mount } from 'skerry/islands';
import { searchIndex } from 'skerry/search';

/** Most results shown. */
const SHOWN = 8;

const mount: Mount = (el) => {
  const form = el.querySelector('form');
  const input = el.querySelector('input');
  const list = el.querySelector<HTMLElement>('[data-search-results]');
  if (!form || !input || !list) return;
  const index = searchIndex();
  let asked = 0;
  const show = async () => {
    const query = input.value;
    const turn = ++asked;
    const ids = await index.find(query);
    const results = await index.results(ids.slice(0, SHOWN));
    if (turn !== asked) return;
    list.replaceChildren(
      ...results.map((result) => {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.href = result.url;
        link.textContent = result.title;
        item.append(link);
        return item;
      }),
    );
    if (query.trim() && !results.length) say('No page has these words.');
  };
  const say = (text: string) => {
    const item = document.createElement('li');
    item.textContent = text;
    list.replaceChildren(item);
  };
  input.addEventListener('input', () => void show().catch(() => say('The search could not load; try again.')));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    list.querySelector('a')?.focus();
  });
  if (input.value) void show();
};

export default mount;
