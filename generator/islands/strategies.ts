/**
 * When an island wakes up. Each strategy calls `wake` once:
 *   load        at once (module scripts already run after parsing)
 *   idle        when the main thread is idle (requestIdleCallback, or a timeout)
 *   visible     when the element scrolls into view (IntersectionObserver)
 *   interaction on the first pointer, focus, key or submit event inside it
 * `interaction` hands the triggering event to `wake`, so a submit that
 * arrived before hydration can be replayed.
 */
export type Strategy = 'load' | 'idle' | 'visible' | 'interaction';

export const interactionEvents = ['pointerdown', 'pointerover', 'focusin', 'keydown', 'submit', 'touchstart'] as const;

export function schedule(el: HTMLElement, strategy: Strategy, wake: (e?: Event) => void): void {
  let done = false;
  const once = (e?: Event) => {
    if (done) return;
    done = true;
    wake(e);
  };
  switch (strategy) {
    case 'idle': {
      const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
      if (ric) ric(() => once(), { timeout: 2000 });
      else setTimeout(() => once(), 200);
      return;
    }
    case 'visible': {
      if (!('IntersectionObserver' in globalThis)) return once();
      const io = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          once();
        }
      }, { rootMargin: '200px' });
      io.observe(el);
      return;
    }
    case 'interaction': {
      const handler = (e: Event) => {
        if (e.type === 'submit') e.preventDefault();
        for (const t of interactionEvents) el.removeEventListener(t, handler, true);
        once(e);
      };
      for (const t of interactionEvents) el.addEventListener(t, handler, { capture: true, passive: t !== 'submit' });
      return;
    }
    default:
      once();
  }
}
