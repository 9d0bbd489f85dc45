// @vitest-environment happy-dom
/** widgets/islands/NotFoundLog.ts: the 404 page logs the attempted path (spec section 2). */
import { afterEach, expect, it, vi } from 'vitest';
import mount from '../../../../../widgets/islands/NotFoundLog.ts';

afterEach(() => {
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

it('logs the attempted path', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  history.replaceState(null, '', '/no/such/page?x=1');
  mount();
  expect(warn).toHaveBeenCalledTimes(1);
  expect(warn).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', '/no/such/page');
});
