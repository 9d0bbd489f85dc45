/**
 * The markdown body: a textarea, its preview rendered by the site's own pipeline (as the page's article
 * has it), and an image inserted at the cursor as `![alt](./images/name)` once uploaded beside the entry.
 */
import { call } from './api.ts';
import { h } from './dom.ts';

export interface BodyHooks {
  file: () => string;
  changed(body: string): void;
  upload(file: File, alt: string, status: HTMLElement): Promise<string | null>;
}

export function bodyEditor(initial: string, hooks: BodyHooks): HTMLElement {
  const text = h('textarea', { id: 'f-body', rows: '18', class: 'ed-body-text', spellcheck: 'true' });
  text.value = initial;
  const preview = h('div', { class: 'ed-preview', id: 'ed-preview', tabindex: '0', role: 'region', 'aria-label': 'Body preview' });
  let timer: number | undefined;
  let asked = 0;
  const refresh = async () => {
    const mine = ++asked;
    const res = await call<{ html: string }>('POST', 'preview', { file: hooks.file(), body: text.value });
    if (mine !== asked) return;
    // The site's own renderer made this HTML from the author's own text, served by this server.
    if (res.ok) {
      preview.innerHTML = res.value.html;
      // A content image is a placeholder naming its file (the page gets the build's variants): asked of the editor here.
      for (const img of preview.querySelectorAll<HTMLImageElement>('img[data-image]')) img.src = `api/file?file=${encodeURIComponent(img.dataset.image!)}`;
    }
    else preview.textContent = `${res.error.message} ${res.error.hint}`;
  };
  text.addEventListener('input', () => {
    hooks.changed(text.value);
    clearTimeout(timer);
    timer = window.setTimeout(refresh, 200);
  });
  void refresh();
  const file = h('input', { id: 'f-body-image', type: 'file', accept: 'image/*' });
  const alt = h('input', { id: 'f-body-image-alt', type: 'text' });
  const status = h('p', { class: 'ed-hint', role: 'status' });
  const insert = h('button', { type: 'button' }, 'Insert image');
  insert.addEventListener('click', async () => {
    const chosen = file.files?.[0];
    if (!chosen) return void (status.textContent = 'Choose an image file first.');
    const at = text.selectionStart ?? text.value.length;
    const src = await hooks.upload(chosen, alt.value, status);
    if (!src) return;
    const md = `![${alt.value.replace(/[[\]]/g, '')}](${src})`;
    text.value = text.value.slice(0, at) + md + text.value.slice(text.selectionEnd ?? at);
    text.setSelectionRange(at + md.length, at + md.length);
    hooks.changed(text.value);
    file.value = '';
    alt.value = '';
    void refresh();
  });
  return h(
    'section',
    { class: 'ed-body', 'aria-labelledby': 'ed-body-title' },
    h('h3', { id: 'ed-body-title' }, 'Body'),
    h('div', { class: 'ed-body-panes' },
      h('div', { class: 'ed-field' }, h('label', { for: 'f-body' }, 'body'), text, h('p', { id: 'f-body-error', class: 'ed-error', hidden: true })),
      h('div', {}, h('h4', {}, 'Preview'), preview),
    ),
    h('fieldset', { class: 'ed-image' }, h('legend', {}, 'Image in the body'),
      h('div', { class: 'ed-field' }, h('label', { for: 'f-body-image' }, 'Image file'), file),
      h('div', { class: 'ed-field' }, h('label', { for: 'f-body-image-alt' }, 'Image alt text'), alt),
      insert, status),
  );
}
