/** The collections and their entries, with drafts and scheduled entries marked; a "New" link per list collection. */
import type { EditorSite } from '../editorTypes.ts';
import { h } from './dom.ts';

export function entryList(site: EditorSite, current: string | null): HTMLElement {
  const box = h('div', {});
  for (const form of site.forms) {
    const entries = site.entries.filter((e) => e.collection === form.name);
    const headingId = `ed-c-${form.name}`;
    const list = h('ul', { 'aria-labelledby': headingId });
    for (const e of entries) {
      const marks = [e.draft ? 'draft' : '', e.scheduled ? `scheduled ${e.scheduled}` : ''].filter(Boolean);
      list.append(
        h('li', {},
          h('a', { href: `#${encodeURIComponent(e.file)}`, ...(e.file === current ? { 'aria-current': 'page' } : {}) }, e.name),
          ...marks.map((m) => h('span', { class: `ed-mark ed-mark-${m.split(' ')[0]}` }, m)),
        ),
      );
    }
    const kind = form.kind === 'list' ? '' : ` (${form.kind})`;
    box.append(
      h('section', { class: 'ed-collection', 'aria-labelledby': headingId },
        h('h3', { id: headingId }, `${form.name}${kind}`),
        form.kind === 'list' ? h('a', { class: 'ed-new', href: `#new:${encodeURIComponent(form.name)}` }, `New entry in ${form.name}`) : null,
        list,
      ),
    );
  }
  return box;
}
