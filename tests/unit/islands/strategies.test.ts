// @vitest-environment happy-dom
/** generator/islands/strategies.ts: when each island wakes, and that it wakes once. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { interactionEvents, schedule } from '../../../generator/islands/strategies.ts';

let el: HTMLElement;
beforeEach(() => {
  document.body.innerHTML = `
    <div id="island"><form><input name="q"><button type="submit">Go</button></form></div>
    <button id="outside">outside</button>`;
  el = document.getElementById('island')!;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('load', () => {
  it('wakes at once, with no event', () => {
    const wake = vi.fn();
    schedule(el, 'load', wake);
    expect(wake).toHaveBeenCalledTimes(1);
    expect(wake).toHaveBeenCalledWith(undefined);
  });

  it('is also what an unknown strategy does', () => {
    const wake = vi.fn();
    schedule(el, 'sometime' as never, wake);
    expect(wake).toHaveBeenCalledTimes(1);
  });
});

describe('idle', () => {
  it('waits for requestIdleCallback (timeout 2000 ms)', () => {
    let idle: (() => void) | undefined;
    const ric = vi.fn((cb: () => void) => {
      idle = cb;
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', ric);
    const wake = vi.fn();
    schedule(el, 'idle', wake);
    expect(ric).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    expect(wake).not.toHaveBeenCalled();
    idle!();
    expect(wake).toHaveBeenCalledTimes(1);
    expect(wake).toHaveBeenCalledWith(undefined);
    idle!();
    expect(wake).toHaveBeenCalledTimes(1);
  });

  it('falls back to a 200 ms timeout without requestIdleCallback', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const wake = vi.fn();
    schedule(el, 'idle', wake);
    vi.advanceTimersByTime(199);
    expect(wake).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(wake).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(wake).toHaveBeenCalledTimes(1);
  });
});

describe('visible', () => {
  class FakeObserver {
    static last: FakeObserver | undefined;
    observed: Element[] = [];
    disconnect = vi.fn();
    constructor(
      public callback: (entries: Array<Pick<IntersectionObserverEntry, 'isIntersecting'>>) => void,
      public options?: IntersectionObserverInit,
    ) {
      FakeObserver.last = this;
    }
    observe(target: Element) {
      this.observed.push(target);
    }
    fire(...isIntersecting: boolean[]) {
      this.callback(isIntersecting.map((i) => ({ isIntersecting: i })));
    }
  }

  it('wakes when the element scrolls into view, once, then stops observing', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const wake = vi.fn();
    schedule(el, 'visible', wake);
    const io = FakeObserver.last!;
    expect(io.observed).toEqual([el]);
    expect(io.options).toEqual({ rootMargin: '200px' });
    expect(wake).not.toHaveBeenCalled();

    io.fire(false);
    expect(wake).not.toHaveBeenCalled();
    expect(io.disconnect).not.toHaveBeenCalled();

    io.fire(false, true);
    expect(wake).toHaveBeenCalledTimes(1);
    expect(wake).toHaveBeenCalledWith(undefined);
    expect(io.disconnect).toHaveBeenCalledTimes(1);

    io.fire(true);
    expect(wake).toHaveBeenCalledTimes(1);
  });

  it('wakes at once without IntersectionObserver', () => {
    const g = globalThis as Record<string, unknown>;
    const saved = Object.getOwnPropertyDescriptor(g, 'IntersectionObserver');
    delete g.IntersectionObserver;
    try {
      const wake = vi.fn();
      schedule(el, 'visible', wake);
      expect(wake).toHaveBeenCalledTimes(1);
    } finally {
      if (saved) Object.defineProperty(g, 'IntersectionObserver', saved);
    }
  });
});

describe('interaction', () => {
  it('listens for pointer, focus, key and submit events (and pointerover, touchstart)', () => {
    expect([...interactionEvents].sort()).toEqual(['focusin', 'keydown', 'pointerdown', 'pointerover', 'submit', 'touchstart']);
  });

  const fire: Record<string, (target: Element) => Event> = {
    focusin: (t) => {
      const e = new FocusEvent('focusin', { bubbles: true });
      t.dispatchEvent(e);
      return e;
    },
    pointerdown: (t) => {
      const e = new PointerEvent('pointerdown', { bubbles: true, cancelable: true });
      t.dispatchEvent(e);
      return e;
    },
    keydown: (t) => {
      const e = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, key: 'a' });
      t.dispatchEvent(e);
      return e;
    },
  };

  it.each(['focusin', 'pointerdown', 'keydown'])('wakes once on the first %s inside the element and passes the event', (type) => {
    const wake = vi.fn();
    schedule(el, 'interaction', wake);
    expect(wake).not.toHaveBeenCalled();
    const input = el.querySelector('input')!;
    const e = fire[type]!(input);
    expect(wake).toHaveBeenCalledTimes(1);
    expect(wake).toHaveBeenCalledWith(e);
    expect(e.defaultPrevented).toBe(false);
    // Every listener is gone: no event wakes it again.
    for (const f of Object.values(fire)) f(input);
    el.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(wake).toHaveBeenCalledTimes(1);
  });

  it('wakes on a submit, passes it and prevents its default', () => {
    const wake = vi.fn();
    schedule(el, 'interaction', wake);
    const form = el.querySelector('form')!;
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(wake).toHaveBeenCalledTimes(1);
    expect(wake).toHaveBeenCalledWith(submit);
    expect(submit.defaultPrevented).toBe(true);

    // Only the first submit is held back; later ones are the island's business.
    const second = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
    expect(wake).toHaveBeenCalledTimes(1);
  });

  it('works when the island element is the form itself', () => {
    document.body.innerHTML = '<form id="f"><input name="a"></form>';
    const form = document.getElementById('f') as HTMLFormElement;
    const wake = vi.fn();
    schedule(form, 'interaction', wake);
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(wake).toHaveBeenCalledWith(submit);
    expect(submit.defaultPrevented).toBe(true);
  });

  it('ignores events outside the element', () => {
    const wake = vi.fn();
    schedule(el, 'interaction', wake);
    const outside = document.getElementById('outside')!;
    for (const f of Object.values(fire)) f(outside);
    expect(wake).not.toHaveBeenCalled();
  });
});
