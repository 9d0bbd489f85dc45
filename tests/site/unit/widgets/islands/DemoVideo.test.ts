// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"navigation":{"disableChildFrameNavigation":true}}}
/**
 * widgets/islands/DemoVideo.ts: the video iframe exists only while the demo
 * dialog is open, so nothing loads from the video host before a click.
 * happy-dom's dialog reflects `open` from the attribute and does not fire
 * "toggle" itself, so the tests set the attribute and dispatch it.
 * Child frames do not navigate (happy-dom only records the URL), so no
 * request goes to the video host.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import mount from '../../../../../widgets/islands/DemoVideo.ts';

const SRC = 'https://www.youtube-nocookie.com/embed/abc123?autoplay=1';

let dialog: HTMLDialogElement;
let frame: HTMLElement;
const iframes = () => frame.querySelectorAll('iframe');
const open = () => {
  dialog.setAttribute('open', '');
  dialog.dispatchEvent(new Event('toggle'));
};
const closeByToggle = () => {
  dialog.removeAttribute('open');
  dialog.dispatchEvent(new Event('toggle'));
};

beforeEach(() => {
  document.body.innerHTML = `
    <dialog id="demo-dialog" data-island="DemoVideo" data-hydrate="idle">
      <h2>See it in action</h2>
      <div class="video-frame" data-video-src="${SRC}" data-video-title="Product demo">
        <p class="video-placeholder">Demo video</p>
      </div>
    </dialog>`;
  dialog = document.querySelector('dialog')!;
  frame = dialog.querySelector('[data-video-src]')!;
});

describe('DemoVideo', () => {
  it('adds no iframe while the dialog is closed', () => {
    mount(dialog);
    expect(iframes()).toHaveLength(0);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('adds the iframe with data-video-src when the dialog opens', () => {
    mount(dialog);
    open();
    expect(iframes()).toHaveLength(1);
    const iframe = iframes()[0]!;
    expect(iframe.src).toBe(SRC);
    expect(iframe.title).toBe('Product demo');
    expect(iframe.getAttribute('allow')).toContain('autoplay');
    expect(iframe.getAttribute('allow')).toContain('fullscreen');
    expect(iframe.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
  });

  it('adds only one iframe however often it is told it is open', () => {
    mount(dialog);
    open();
    open();
    expect(iframes()).toHaveLength(1);
  });

  it('removes the iframe when the dialog closes (toggle)', () => {
    mount(dialog);
    open();
    closeByToggle();
    expect(iframes()).toHaveLength(0);
  });

  it('removes the iframe on close() / Escape (close event)', () => {
    mount(dialog);
    open();
    dialog.close();
    expect(dialog.open).toBe(false);
    expect(iframes()).toHaveLength(0);
  });

  it('opens a fresh iframe after a close', () => {
    mount(dialog);
    open();
    dialog.close();
    open();
    expect(iframes()).toHaveLength(1);
    expect(iframes()[0]!.src).toBe(SRC);
  });

  it('fills the frame at once when the dialog is already open at mount', () => {
    dialog.setAttribute('open', '');
    mount(dialog);
    expect(iframes()).toHaveLength(1);
  });

  it('finds the dialog inside a wrapper island', () => {
    document.body.innerHTML = `<div id="wrap"><dialog><div data-video-src="${SRC}"></div></dialog></div>`;
    dialog = document.querySelector('dialog')!;
    frame = dialog.querySelector('[data-video-src]')!;
    mount(document.getElementById('wrap')!);
    open();
    expect(iframes()).toHaveLength(1);
    expect(iframes()[0]!.title).toBe('Product demo video');
  });

  it('does nothing without a dialog or a frame', () => {
    document.body.innerHTML = '<div id="x"><dialog open></dialog></div>';
    expect(() => mount(document.getElementById('x')!)).not.toThrow();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
