/**
 * The markdown body: a toolbar (headings, bold, italic, links, lists, code, quote, table, image) with
 * keyboard shortcuts, the component picker, the textarea, and its preview rendered by the site's own
 * pipeline (as the page's article has it; a mistake in it shows the build's message and line). Images
 * are inserted as a paragraph of their own: uploaded beside the entry with their alt text, or taken
 * from the site's images. A translation shows the original's body beside.
 */
import type { EditorComponent } from '../editorTypes.ts';
import { call } from './api.ts';
import { componentPicker } from './componentPicker.ts';
import { h } from './dom.ts';
import { inLanguage, type FormHooks, type TextLanguage } from './fieldParts.ts';
import { imagePicker } from './imageField.ts';
import { applyEdit, directive, insertBlock, type MarkdownEdit, type Selection } from './markdownEdits.ts';
import { authorLine } from './showErrors.ts';

export interface BodyHooks extends Pick<FormHooks, 'upload' | 'images'> {
  file: () => string;
  /** The entry's fields as the form holds them (the body's line in the file depends on them). */
  data: () => Record<string, unknown>;
  changed(body: string): void;
  components: readonly EditorComponent[];
  language?: TextLanguage;
  original?: { body: string; label: string } & TextLanguage;
}

const TOOLS: [MarkdownEdit, string, string, string?][] = [
  ['heading', 'H', 'Heading'],
  ['bold', 'B', 'Bold', 'Control+B'],
  ['italic', 'I', 'Italic', 'Control+I'],
  ['link', 'Link', 'Link', 'Control+K'],
  ['bullets', 'Bulleted list', 'Bulleted list'],
  ['numbers', 'Numbered list', 'Numbered list'],
  ['code', '<>', 'Code'],
  ['quote', '❝', 'Quote'],
  ['table', 'Table', 'Table'],
];
const SHORTCUTS: Record<string, MarkdownEdit> = { b: 'bold', i: 'italic', k: 'link' };

function preview(text: HTMLTextAreaElement, box: HTMLElement, hooks: BodyHooks): () => Promise<void> {
  let asked = 0;
  return async () => {
    const mine = ++asked;
    const res = await call<{ html: string }>('POST', 'preview', { file: hooks.file(), data: hooks.data(), body: text.value });
    if (mine !== asked) return;
    if (res.ok) {
      // The site's own renderer made this HTML from the author's own text, served by this server.
      box.innerHTML = res.value.html;
      // A content image is a placeholder naming its file (the page gets the build's variants): asked of the editor here.
      for (const img of box.querySelectorAll<HTMLImageElement>('img[data-image]')) img.src = `api/file?file=${encodeURIComponent(img.dataset.image!)}`;
    } else box.replaceChildren(h('p', { class: 'ed-preview-error' }, authorLine(res.error, text.value)));
  };
}

export function bodyEditor(initial: string, hooks: BodyHooks): HTMLElement {
  const text = inLanguage(h('textarea', { id: 'f-body', rows: '18', class: 'ed-body-text', spellcheck: 'true', 'aria-describedby': 'f-body-error' }), hooks.language);
  text.value = initial;
  const box = inLanguage(h('div', { class: 'ed-preview', id: 'ed-preview', tabindex: '0', role: 'region', 'aria-label': 'Body preview' }), hooks.language);
  const refresh = preview(text, box, hooks);
  let timer: number | undefined;
  const edited = () => {
    hooks.changed(text.value);
    clearTimeout(timer);
    timer = window.setTimeout(refresh, 200);
  };
  const put = (next: Selection) => {
    text.value = next.text;
    text.focus();
    text.setSelectionRange(next.start, next.end);
    edited();
  };
  const selection = (): Selection => ({ text: text.value, start: text.selectionStart ?? text.value.length, end: text.selectionEnd ?? text.value.length });
  text.addEventListener('input', edited);
  text.addEventListener('keydown', (e) => {
    const edit = (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey ? SHORTCUTS[e.key.toLowerCase()] : undefined;
    if (!edit) return;
    e.preventDefault();
    put(applyEdit(edit, selection()));
  });
  void refresh();

  const toolbar = h('div', { class: 'ed-toolbar', role: 'toolbar', 'aria-label': 'Formatting', 'aria-controls': 'f-body' });
  for (const [edit, face, name, keys] of TOOLS) {
    const b = h('button', { type: 'button', 'aria-label': name, title: keys ? `${name} (${keys.replace('Control', 'Ctrl')})` : name, ...(keys ? { 'aria-keyshortcuts': keys } : {}) }, face);
    b.addEventListener('click', () => put(applyEdit(edit, selection())));
    toolbar.append(b);
  }
  const imageTool = h('button', { type: 'button', 'aria-label': 'Image', title: 'Image' }, 'Image');
  toolbar.append(imageTool);

  const file = h('input', { id: 'f-body-image', type: 'file', accept: 'image/png,image/jpeg,image/webp,image/avif,image/gif' });
  const alt = h('input', { id: 'f-body-image-alt', type: 'text' });
  const status = h('p', { class: 'ed-hint', role: 'status' });
  let existing = '';
  const insertImage = (src: string) => {
    put(insertBlock(selection(), `![${alt.value.replace(/[[\]]/g, '').trim()}](${src})`));
    file.value = '';
    alt.value = '';
  };
  const insert = h('button', { type: 'button' }, 'Insert image');
  insert.addEventListener('click', async () => {
    if (!alt.value.trim()) return void (status.textContent = 'Write the image\'s alt text first: what it shows, for those who cannot see it.');
    const chosen = file.files?.[0];
    if (chosen) {
      const src = await hooks.upload(chosen, alt.value, status);
      if (src) insertImage(src);
    } else if (existing) {
      insertImage(existing);
      status.textContent = `Inserted ${existing}.`;
    } else status.textContent = 'Choose an image file, or one of the site\'s images, first.';
  });
  const imageBox = h('fieldset', { class: 'ed-image', id: 'ed-body-image' }, h('legend', {}, 'Image in the body'),
    h('div', { class: 'ed-field' }, h('label', { for: 'f-body-image' }, 'Image file'), file),
    imagePicker('f-body-image-existing', 'Or one of the site\'s images', { ...hooks, data: {}, changed: () => {} }, (src) => (existing = src)),
    h('div', { class: 'ed-field' }, h('label', { for: 'f-body-image-alt' }, 'Image alt text'), alt),
    insert, status);
  imageTool.addEventListener('click', () => file.focus());
  const picker = componentPicker(hooks.components, (name, props, container) => {
    const s = selection();
    const { block, select } = directive(name, props, container, container ? s.text.slice(s.start, s.end) : '');
    put(insertBlock(s, block, select));
  });
  const original = hooks.original
    ? h('div', { class: 'ed-field ed-original-body' }, h('label', { for: 'f-body-original' }, `Body in ${hooks.original.label}`),
        inLanguage(h('textarea', { id: 'f-body-original', rows: '10', readonly: true }, hooks.original.body), hooks.original))
    : null;
  return h(
    'section',
    { class: 'ed-body', 'aria-labelledby': 'ed-body-title' },
    h('h3', { id: 'ed-body-title' }, 'Body'),
    h('div', { class: 'ed-body-panes' },
      h('div', { class: 'ed-field' }, h('label', { for: 'f-body' }, 'body'), toolbar, text, h('p', { id: 'f-body-error', class: 'ed-error', hidden: true })),
      original,
      h('div', {}, h('h4', {}, 'Preview'), box),
    ),
    picker,
    imageBox,
  );
}
