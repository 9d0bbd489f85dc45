// @vitest-environment happy-dom
/** widgets/runtime/islands.ts: every island name the templates may use loads a module with a mount function. */
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  (globalThis as { __SITE_BACKEND__?: unknown }).__SITE_BACKEND__ = null;
});

import { islands } from '../../../../widgets/runtime/islands.ts';

const names = ['CookieBanner', 'NavSession', 'TypingEffect', 'DemoVideo', 'BlogSearch', 'NotFoundLog', 'ContactForm', 'WaitlistForm', 'AuthForm', 'AdminDashboard'];

describe('island registry', () => {
  it('names exactly the ten islands', () => {
    expect(Object.keys(islands).sort()).toEqual([...names].sort());
  });

  it.each(names)('%s loads a module whose default export is a mount function', async (name) => {
    const mod = await islands[name]!();
    expect(typeof mod.default).toBe('function');
  });
});
