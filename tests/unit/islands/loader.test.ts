// @vitest-environment happy-dom
/**
 * generator/islands/loader.ts with fake islands in place of the real registry.
 * Importing loader.ts runs startIslands() on the document, so the page is
 * set up first and the module is imported dynamically.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => {
  const mounted: Array<{ el: HTMLElement; props: Record<string, unknown> }> = [];
  const mount = (el: HTMLElement, props: Record<string, unknown>) => {
    mounted.push({ el, props });
  };
  let release: (() => void) | undefined;
  return {
    mounted,
    mount: vi.fn(mount),
    /** Resolves only when the test calls release(). */
    slow: vi.fn((el: HTMLElement, props: Record<string, unknown>) => {
      mount(el, props);
      return new Promise<void>((r) => (release = r));
    }),
    release: () => release?.(),
    /** Like a React form island: handles submits once mounted. */
    form: vi.fn((el: HTMLElement, props: Record<string, unknown>) => {
      mount(el, props);
      const form = el instanceof HTMLFormElement ? el : el.querySelector('form')!;
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        fake.handled.push(e);
      });
    }),
    handled: [] as Event[],
    /** A form island whose handler is attached before its mount settles (React hydrates, then runs its effects). */
    formSettlingLate: vi.fn((el: HTMLElement, props: Record<string, unknown>) => {
      fake.form(el, props);
      return new Promise<void>((r) => (release = r));
    }),
  };
});

vi.mock('../../../generator/islands/registry.ts', () => ({
  islands: {
    Fake: () => Promise.resolve({ default: fake.mount }),
    Slow: () => Promise.resolve({ default: fake.slow }),
    FormIsland: () => Promise.resolve({ default: fake.form }),
    FormSettlingLate: () => Promise.resolve({ default: fake.formSettlingLate }),
  },
}));

type Loader = typeof import('../../../generator/islands/loader.ts');
let loader: Loader;

const byId = (id: string) => document.getElementById(id)!;
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeAll(async () => {
  document.body.innerHTML = `
    <div id="at-load" data-island="Fake" data-props='{"measurementId":"G-1","n":2,"tricky":"</script>\\"&amp;"}'></div>
    <div id="default-load" data-island="Fake"></div>
    <div id="on-interaction" data-island="Fake" data-hydrate="interaction"><button>b</button></div>
    <div id="already" data-island="Fake" data-hydrated=""></div>
    <div id="unknown" data-island="Nope"></div>`;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  loader = await import('../../../generator/islands/loader.ts');
  await settle();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('importing loader.ts (startIslands on the document)', () => {
  it('mounts the load islands with their JSON props and marks them hydrated', () => {
    const atLoad = fake.mounted.find((m) => m.el === byId('at-load'));
    expect(atLoad?.props).toEqual({ measurementId: 'G-1', n: 2, tricky: '</script>"&' });
    expect(byId('at-load').hasAttribute('data-hydrated')).toBe(true);
  });

  it('treats a missing data-hydrate as load and missing data-props as {}', () => {
    expect(fake.mounted.find((m) => m.el === byId('default-load'))?.props).toEqual({});
    expect(byId('default-load').dataset.hydrated).toBe('');
  });

  it('skips islands already hydrated', () => {
    expect(fake.mounted.some((m) => m.el === byId('already'))).toBe(false);
  });

  it('logs an unknown island name and leaves it alone', () => {
    expect(console.error).toHaveBeenCalledWith('Unknown island "Nope"');
    expect(byId('unknown').hasAttribute('data-hydrated')).toBe(false);
  });

  it('waits for the first interaction with an interaction island', async () => {
    const el = byId('on-interaction');
    expect(fake.mounted.some((m) => m.el === el)).toBe(false);
    expect(el.hasAttribute('data-hydrated')).toBe(false);
    el.querySelector('button')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await vi.waitFor(() => expect(el.hasAttribute('data-hydrated')).toBe(true));
    expect(fake.mounted.filter((m) => m.el === el)).toHaveLength(1);
  });
});

describe('startIslands(root)', () => {
  it('starts only the islands inside the root, and not twice', async () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      `<section id="root"><div id="inside" data-island="Fake"></div></section><div id="outside-root" data-island="Fake"></div>`,
    );
    const before = fake.mount.mock.calls.length;
    loader.startIslands(byId('root'));
    await vi.waitFor(() => expect(byId('inside').hasAttribute('data-hydrated')).toBe(true));
    expect(byId('outside-root').hasAttribute('data-hydrated')).toBe(false);
    loader.startIslands(byId('root'));
    await settle();
    expect(fake.mount.mock.calls.length).toBe(before + 1);
  });
});

describe('mountIsland', () => {
  it('logs an unknown island and does not throw', async () => {
    vi.mocked(console.error).mockClear();
    const el = document.createElement('div');
    el.dataset.island = 'DoesNotExist';
    await expect(loader.mountIsland(el)).resolves.toBeUndefined();
    expect(console.error).toHaveBeenCalledWith('Unknown island "DoesNotExist"');
    expect(el.hasAttribute('data-hydrated')).toBe(false);
  });

  it('hands the element and the parsed props to the mount', async () => {
    const el = document.createElement('div');
    el.dataset.island = 'Fake';
    el.dataset.props = JSON.stringify({ copy: { title: 'T' }, list: [1, 2] });
    fake.mount.mockClear();
    await loader.mountIsland(el);
    expect(fake.mount).toHaveBeenCalledWith(el, { copy: { title: 'T' }, list: [1, 2] });
    expect(el.dataset.hydrated).toBe('');
  });

  it('sets data-hydrated only after an async mount has finished', async () => {
    const el = document.createElement('div');
    el.dataset.island = 'Slow';
    const done = loader.mountIsland(el);
    await settle();
    expect(fake.slow).toHaveBeenCalledTimes(1);
    expect(el.hasAttribute('data-hydrated')).toBe(false);
    fake.release();
    await done;
    expect(el.hasAttribute('data-hydrated')).toBe(true);
  });

  it('replays a submit that woke the island, after the mount (requestSubmit)', async () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      `<div id="waitlist" data-island="FormIsland" data-hydrate="interaction"><form><input name="name" value="Ann"></form></div>`,
    );
    const el = byId('waitlist');
    const form = el.querySelector('form')!;
    const requestSubmit = vi.spyOn(form, 'requestSubmit');
    fake.handled.length = 0;
    loader.startIslands(el.parentElement!);

    // The visitor submits before the island is there.
    const early = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    expect(fake.handled).toHaveLength(0);

    await vi.waitFor(() => expect(requestSubmit).toHaveBeenCalledTimes(1));
    expect(fake.form).toHaveBeenCalledTimes(1);
    expect(fake.form.mock.invocationCallOrder[0]!).toBeLessThan(requestSubmit.mock.invocationCallOrder[0]!);
    expect(el.hasAttribute('data-hydrated')).toBe(true);
    // The replayed submit reaches the island's own handler.
    expect(fake.handled).toHaveLength(1);
    expect(fake.handled[0]!.target).toBe(form);
  });

  it('sends a submit made while the form is handled but not yet mounted once: held from the handler, replayed to it', async () => {
    document.body.insertAdjacentHTML('beforeend', `<div id="contact" data-island="FormSettlingLate"><form><input name="name" value="Ada"></form></div>`);
    const el = byId('contact');
    const form = el.querySelector('form')!;
    const requestSubmit = vi.spyOn(form, 'requestSubmit');
    fake.handled.length = 0;
    loader.startIslands(el.parentElement!);
    await vi.waitFor(() => expect(fake.formSettlingLate).toHaveBeenCalledTimes(1));
    expect(el.hasAttribute('data-hydrated')).toBe(false);

    // The form's handler is attached; its mount has not settled when the visitor submits.
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(fake.handled).toHaveLength(0);

    fake.release();
    await vi.waitFor(() => expect(requestSubmit).toHaveBeenCalledTimes(1));
    expect(fake.handled).toHaveLength(1);
    await settle();
    expect(fake.handled).toHaveLength(1);
  });

  it('replays on the next animation frame', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const el = document.createElement('form');
    el.dataset.island = 'FormIsland';
    document.body.append(el);
    const requestSubmit = vi.spyOn(el, 'requestSubmit');
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    el.dispatchEvent(submit);
    await loader.mountIsland(el, submit);
    expect(requestSubmit).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    expect(requestSubmit).toHaveBeenCalledTimes(1);
  });

  it('does not submit when another event woke the island', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const el = document.createElement('form');
    el.dataset.island = 'FormIsland';
    document.body.append(el);
    const requestSubmit = vi.spyOn(el, 'requestSubmit');
    const click = new PointerEvent('pointerdown', { bubbles: true });
    el.dispatchEvent(click);
    await loader.mountIsland(el, click);
    expect(frames).toHaveLength(0);
    expect(requestSubmit).not.toHaveBeenCalled();
  });
});
