/**
 * The island CopyLink (this file's name): turns the "Link to this article" link into a copy button.
 * A click copies the page's address and says so in the status beside it. Without JavaScript, or
 * without clipboard access, it stays a plain link to the page.
 */
import type { Mount } from 'skerry/islands';

const mount: Mount = (el, props) => {
  const link = el.querySelector<HTMLAnchorElement>('a[data-copy-link]');
  const status = el.querySelector<HTMLElement>('[data-copy-status]');
  if (!link || !status || !navigator.clipboard) return;
  const copied = typeof props.copied === 'string' ? props.copied : 'Link copied';
  link.addEventListener('click', (event) => {
    event.preventDefault();
    navigator.clipboard.writeText(link.href).then(
      () => (status.textContent = copied),
      () => location.assign(link.href),
    );
  });
};

export default mount;
