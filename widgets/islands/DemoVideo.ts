/**
 * Watch Demo: the <dialog> opens with no script (invoker commands); this
 * creates the 16:9 video iframe only when the dialog opens and removes it
 * when it closes, so nothing loads from the video host before a click.
 */
export default function mount(el: HTMLElement): void {
  const dialog = el instanceof HTMLDialogElement ? el : el.querySelector('dialog');
  const frame = el.querySelector<HTMLElement>('[data-video-src]');
  if (!dialog || !frame) return;
  const open = () => {
    if (frame.querySelector('iframe')) return;
    const iframe = document.createElement('iframe');
    iframe.src = frame.dataset.videoSrc!;
    iframe.title = frame.dataset.videoTitle ?? 'Product demo video';
    iframe.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
    iframe.referrerPolicy = 'strict-origin-when-cross-origin';
    frame.append(iframe);
  };
  // The `open` attribute changes however the dialog opens or closes
  // (invoker command, the fallback's showModal(), Escape, the close button).
  const sync = () => (dialog.open ? open() : frame.replaceChildren());
  dialog.addEventListener('toggle', sync);
  dialog.addEventListener('close', sync);
  new MutationObserver(sync).observe(dialog, { attributes: true, attributeFilter: ['open'] });
  sync();
}
