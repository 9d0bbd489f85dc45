/**
 * The media library: every content image, where it is used (links to the entries that show it), and a
 * delete for the ones no entry shows. Reusing one in another entry is done from that entry's form
 * ("Or one of the site's images").
 */
import { call } from './api.ts';
import { h } from './dom.ts';
import { status } from './state.ts';

type MediaImage = { file: string; bytes: number; users: string[] };

const size = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

export async function showMedia(main: HTMLElement): Promise<void> {
  const title = h('h2', { id: 'ed-title', tabindex: '-1' }, 'Media');
  const res = await call<{ images: MediaImage[] }>('GET', 'media');
  if (!res.ok) return void main.replaceChildren(title, h('p', { role: 'alert', class: 'ed-alert' }, res.error.message));
  const alert = h('div', { role: 'alert', class: 'ed-alert', hidden: true });
  const intro = h('p', {}, res.value.images.length ? `${res.value.images.length} image${res.value.images.length === 1 ? '' : 's'} in the content folder. To show one in an entry, pick it in that entry's form.` : 'The content folder holds no image yet: upload one from an entry\'s form.');
  const list = h('ul', { class: 'ed-media' });
  for (const image of res.value.images) {
    const svg = /\.svg$/i.test(image.file);
    const used = image.users.length
      ? h('p', {}, 'Used by ', ...image.users.flatMap((u, i) => [i ? ', ' : '', h('a', { href: `#${encodeURIComponent(u)}` }, u)]))
      : h('p', {}, 'Not used by any entry.');
    const del = image.users.length ? null : h('button', { type: 'button', class: 'ed-delete' }, `Delete ${image.file}`);
    del?.addEventListener('click', async () => {
      if (!confirm(`Delete ${image.file}?`)) return;
      const gone = await call('DELETE', 'media', undefined, { file: image.file });
      if (!gone.ok) {
        alert.hidden = false;
        return void (alert.textContent = `${gone.error.message} ${gone.error.hint}`);
      }
      status(`Deleted ${image.file}.`);
      await showMedia(main);
    });
    list.append(
      h('li', { class: 'ed-media-item' },
        svg ? h('div', { class: 'ed-thumb ed-thumb-none' }, 'SVG') : h('img', { class: 'ed-thumb', src: `api/file?file=${encodeURIComponent(image.file)}`, alt: '', loading: 'lazy' }),
        h('div', {}, h('p', { class: 'ed-media-name' }, image.file), h('p', { class: 'ed-hint' }, size(image.bytes)), used, del)),
    );
  }
  main.replaceChildren(title, alert, intro, list);
}
