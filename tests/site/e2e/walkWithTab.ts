/**
 * The keyboard walk of the quality gates (qualityWide.test.ts): Tab from the top of a page until focus
 * leaves its controls, against the page's own list of tabbable controls, with each control's look
 * focused and unfocused (outline and box-shadow of the element and its ::before / ::after).
 */
import type { Page } from 'playwright-core';

export interface FocusReport {
  /** Tabbable elements Tab never reached. */
  missed: string[];
  /** Elements Tab reached that are not in the tabbable list. */
  extra: string[];
  /** Reached elements whose focus indicator is missing or identical to their unfocused look. */
  noIndicator: string[];
  reached: number;
}

/** An element's outline and box-shadow, and those of its ::before and ::after. */
type Signature = { outline: string; shadow: string }[];

/** The walk's page-side state (window.__focus), set up by installFocusHelpers. */
interface FocusState {
  tabbable: () => Element[];
  describe: (el: Element) => string;
  signature: (el: Element) => Signature;
  /** Each control focus reached, in order, with its look as focus reached it. */
  reached: { el: Element; focused: Signature }[];
  /** Focus came round to the first control again: what follows is not recorded. */
  wrapped: boolean;
  /** Focus has left the page's controls, or come round to the first again. */
  left: () => boolean;
}

/**
 * Installs the page-side helpers of the keyboard walk: the page's tabbable
 * elements (rendered, not inert, not disabled, tabindex >= 0) and a
 * signature of how an element looks focused vs not: outline and box-shadow
 * of the element and its ::before / ::after; and a capturing focusin
 * listener that records each control focus reaches, with its look then.
 */
async function installFocusHelpers(page: Page): Promise<void> {
  await page.evaluate(() => {
    const focusable =
      'a[href], area[href], button, input:not([type="hidden"]), select, textarea, iframe, summary, [tabindex], [contenteditable]:not([contenteditable="false"]), audio[controls], video[controls]';
    const describe = (el: Element) => {
      const h = el as HTMLElement;
      const label = (h.getAttribute('aria-label') || h.textContent || h.getAttribute('name') || h.getAttribute('href') || '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${h.id ? `#${h.id}` : ''}${h.className && typeof h.className === 'string' ? `.${h.className.trim().split(/\s+/).join('.')}` : ''}> "${label}"`;
    };
    const tabbable = () =>
      [...document.querySelectorAll<HTMLElement>(focusable)].filter((el) => {
        if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || el.closest('[inert]')) return false;
        if (el.tagName === 'SUMMARY' && el.parentElement?.querySelector(':scope > summary') !== el) return false;
        if (el.tagName === 'INPUT' && (el as HTMLInputElement).type === 'radio') {
          // One stop per radio group: the checked one, or the first.
          const r = el as HTMLInputElement;
          const group = r.name ? [...document.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(r.name)}"]`)] : [r];
          const stop = group.find((g) => g.checked) ?? group[0];
          if (stop !== r) return false;
        }
        return el.checkVisibility({ visibilityProperty: true, opacityProperty: false }) && el.getClientRects().length > 0;
      });
    const signature = (el: Element): Signature =>
      [null, '::before', '::after'].map((pseudo) => {
        const s = getComputedStyle(el, pseudo);
        const rendered = pseudo === null || (s.content !== 'none' && s.content !== 'normal' && s.display !== 'none');
        const outline = rendered && s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 && !/rgba\(.*, 0\)$|transparent/.test(s.outlineColor);
        const shadow = rendered && s.boxShadow !== 'none';
        return { outline: outline ? `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}` : '', shadow: shadow ? s.boxShadow : '' };
      });
    const f: FocusState = {
      tabbable,
      describe,
      signature,
      reached: [],
      wrapped: false,
      left: () => {
        const a = document.activeElement;
        return f.wrapped || !a || a === document.body || a === document.documentElement;
      },
    };
    // Each control's look is taken as focus reaches it, so presses need no round trip between them.
    document.addEventListener(
      'focusin',
      () => {
        const a = document.activeElement;
        if (f.left() || !a) return;
        if (f.reached.length && f.reached[0]!.el === a) f.wrapped = true;
        else if (f.reached.at(-1)?.el !== a) f.reached.push({ el: a, focused: signature(a) });
      },
      true,
    );
    (window as unknown as { __focus: FocusState }).__focus = f;
  });
}

/**
 * Presses Tab from the top of the page until focus leaves the document's controls, then compares with the
 * tabbable list: as many presses as the page has tabbable controls, then one at a time until focus has
 * left the controls or come round to the first again.
 */
export async function walkWithTab(page: Page): Promise<FocusReport> {
  await installFocusHelpers(page);
  const tabbable = await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    return (window as unknown as { __focus: FocusState }).__focus.tabbable().length;
  });
  const left = () => page.evaluate(() => (window as unknown as { __focus: FocusState }).__focus.left());
  for (let i = 0; i < tabbable; i++) await page.keyboard.press('Tab');
  for (let i = tabbable; i < 400 && !(await left()); i++) await page.keyboard.press('Tab');
  return page.evaluate(() => {
    const f = (window as unknown as { __focus: FocusState }).__focus;
    (document.activeElement as HTMLElement | null)?.blur();
    const reachedEls = new Set(f.reached.map((r) => r.el));
    const tabbable = f.tabbable();
    const tabbableSet = new Set(tabbable);
    const noIndicator: string[] = [];
    for (const { el, focused } of f.reached) {
      const visible = focused.some((p) => p.outline || p.shadow);
      const unfocused = f.signature(el);
      if (!visible) noIndicator.push(`${f.describe(el)}: no outline or box-shadow when focused`);
      else if (JSON.stringify(unfocused) === JSON.stringify(focused)) noIndicator.push(`${f.describe(el)}: looks the same focused and unfocused`);
    }
    return {
      missed: tabbable.filter((el) => !reachedEls.has(el)).map(f.describe),
      extra: [...reachedEls].filter((el) => !tabbableSet.has(el)).map(f.describe),
      noIndicator,
      reached: f.reached.length,
    };
  });
}
