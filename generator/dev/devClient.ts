/**
 * The live-reload client, served only by `site dev` (never part of a build):
 * listens on Server-Sent Events; reloads when its page changed, swaps the
 * stylesheet in place on a CSS edit (form input survives), shows the error
 * overlay when a change breaks the build.
 */
export const DEV_CLIENT_PATH = '/__site/client.js';
export const DEV_EVENTS_PATH = '/__site/events';

export const devClientSource = `
const events = new EventSource(${JSON.stringify(DEV_EVENTS_PATH)});
const here = location.pathname === '/index.html' ? '/' : location.pathname.replace(/\\.html$/, '').replace(/(.)\\/$/, '$1');
events.addEventListener('change', (e) => {
  const { paths } = JSON.parse(e.data);
  if (paths === '*' || paths.includes(here) || document.querySelector('[data-site-overlay]')) location.reload();
});
events.addEventListener('css', (e) => {
  const { href } = JSON.parse(e.data);
  const link = document.querySelector('link[rel="stylesheet"]');
  if (link) link.href = href;
});
events.addEventListener('site-error', (e) => {
  const err = JSON.parse(e.data);
  let box = document.getElementById('site-dev-overlay');
  if (!box) {
    box = document.createElement('div');
    box.id = 'site-dev-overlay';
    box.setAttribute('role', 'alert');
    box.dataset.siteOverlay = '';
    box.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(24,24,27,.96);color:#f4f4f5;font:16px/1.5 system-ui,sans-serif;padding:2rem;overflow:auto';
    document.body.append(box);
  }
  box.replaceChildren();
  const h = document.createElement('h1');
  h.style.color = '#fca5a5';
  h.textContent = err.title + ' [' + err.code + ']';
  const where = document.createElement('p');
  where.textContent = err.file ? err.file + (err.line ? ':' + err.line : '') + (err.field ? ' (field "' + err.field + '")' : '') : '';
  const msg = document.createElement('pre');
  msg.style.whiteSpace = 'pre-wrap';
  msg.textContent = err.message;
  const hint = document.createElement('p');
  hint.textContent = 'Hint: ' + err.hint;
  box.append(h, where, msg, hint);
});
`;
