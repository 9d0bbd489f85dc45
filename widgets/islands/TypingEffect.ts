/**
 * Types the sample prompt at 30 ms per character (spec section 1). The full
 * text is in the HTML for visitors without JavaScript and for screen
 * readers (aria-label keeps the whole prompt); with prefers-reduced-motion
 * the text stays as it is.
 */
export const TYPING_MS_PER_CHAR = 30;

export default function mount(el: HTMLElement): void {
  const target = el.querySelector<HTMLElement>('[data-typing]') ?? el;
  const full = target.textContent ?? '';
  if (!full || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  target.setAttribute('aria-label', full);
  let i = 0;
  target.textContent = '';
  target.dataset.typingActive = '';
  const timer = setInterval(() => {
    i += 1;
    target.textContent = full.slice(0, i);
    if (i >= full.length) {
      clearInterval(timer);
      delete target.dataset.typingActive;
    }
  }, TYPING_MS_PER_CHAR);
}
