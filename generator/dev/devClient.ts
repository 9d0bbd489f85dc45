/**
 * The live-reload client, served only by `site dev` (never part of a build):
 * listens on Server-Sent Events; reloads when its page changed, swaps the
 * stylesheet in place on a CSS edit (form input survives), shows the error
 * overlay when a change breaks the build. The page knows the version it
 * was rendered at (?v= on this script); on connecting, the server says the
 * current version and error, so a change made while the page was loading
 * is never missed.
 */
export const DEV_CLIENT_PATH = '/__site/client.js';
export const DEV_EVENTS_PATH = '/__site/events';

export const devClientSource = `
const rendered = Number(new URL(import.meta.url).searchParams.get('v'));
const events = new EventSource(${JSON.stringify(DEV_EVENTS_PATH)});
events.addEventListener('hello', (e) => {
  const { version, error, css } = JSON.parse(e.data);
  if (error) return showError(error);
  if (version !== rendered) return location.reload();
  swapCss(css);
});
function swapCss(href) {
  const link = document.querySelector('link[rel="stylesheet"]');
  if (link && link.getAttribute('href') !== href) link.href = href;
}
const here = location.pathname === '/index.html' ? '/' : location.pathname.replace(/\\.html$/, '').replace(/(.)\\/$/, '$1');
events.addEventListener('change', (e) => {
  const { paths } = JSON.parse(e.data);
  if (paths === '*' || paths.includes(here) || document.querySelector('[data-site-overlay]')) location.reload();
});
events.addEventListener('css', (e) => swapCss(JSON.parse(e.data).href));
events.addEventListener('site-error', (e) => showError(JSON.parse(e.data)));
function showError(err) {
  if (document.querySelector('main[data-site-overlay]')) return;
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
}
`;
