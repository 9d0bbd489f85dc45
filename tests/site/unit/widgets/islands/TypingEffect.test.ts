// @vitest-environment happy-dom
/** widgets/islands/TypingEffect.ts: 30 ms per character (spec section 1); whole text with reduced motion. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import mount, { TYPING_MS_PER_CHAR } from '../../../../../widgets/islands/TypingEffect.ts';

const PROMPT = 'Create a 10-slide QBR deck for Acme';

let el: HTMLElement;
let target: HTMLElement;
beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = `
    <figure data-island="TypingEffect" data-hydrate="visible">
      <figcaption>Prompt</figcaption>
      <p class="prompt-text" data-typing>${PROMPT}</p>
    </figure>`;
  el = document.querySelector('figure')!;
  target = el.querySelector('[data-typing]')!;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const reducedMotion = (reduce: boolean) => {
  const matchMedia = vi.fn((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }));
  vi.stubGlobal('matchMedia', matchMedia);
  return matchMedia;
};

describe('TypingEffect', () => {
  it('types 30 ms per character', () => {
    expect(TYPING_MS_PER_CHAR).toBe(30);
    mount(el);
    expect(target.textContent).toBe('');
    for (let n = 1; n <= PROMPT.length; n++) {
      vi.advanceTimersByTime(29);
      expect(target.textContent).toBe(PROMPT.slice(0, n - 1));
      vi.advanceTimersByTime(1);
      expect(target.textContent).toBe(PROMPT.slice(0, n));
    }
  });

  it('after 30*n ms shows n characters', () => {
    mount(el);
    vi.advanceTimersByTime(30 * 7);
    expect(target.textContent).toBe(PROMPT.slice(0, 7));
    vi.advanceTimersByTime(30 * 10);
    expect(target.textContent).toHaveLength(17);
  });

  it('ends with the full text and stops its timer', () => {
    mount(el);
    expect(target.hasAttribute('data-typing-active')).toBe(true);
    vi.advanceTimersByTime(30 * PROMPT.length);
    expect(target.textContent).toBe(PROMPT);
    expect(target.hasAttribute('data-typing-active')).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10_000);
    expect(target.textContent).toBe(PROMPT);
  });

  it('keeps the whole prompt readable for screen readers while typing', () => {
    mount(el);
    vi.advanceTimersByTime(60);
    expect(target.getAttribute('aria-label')).toBe(PROMPT);
  });

  it('leaves the text whole with prefers-reduced-motion', () => {
    const matchMedia = reducedMotion(true);
    mount(el);
    expect(matchMedia).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)');
    expect(target.textContent).toBe(PROMPT);
    expect(target.hasAttribute('data-typing-active')).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('types when motion is fine (stubbed no-preference)', () => {
    reducedMotion(false);
    mount(el);
    expect(target.textContent).toBe('');
    vi.advanceTimersByTime(30);
    expect(target.textContent).toBe('C');
  });

  it('types into the island element itself when there is no [data-typing] child', () => {
    document.body.innerHTML = '<p id="p">Hi!</p>';
    const p = document.getElementById('p')!;
    mount(p);
    expect(p.textContent).toBe('');
    vi.advanceTimersByTime(90);
    expect(p.textContent).toBe('Hi!');
  });

  it('does nothing with an empty text', () => {
    target.textContent = '';
    mount(el);
    expect(vi.getTimerCount()).toBe(0);
    expect(target.hasAttribute('aria-label')).toBe(false);
  });
});
