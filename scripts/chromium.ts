/**
 * Debian's Chromium and the flags it needs on these machines (as root, no
 * GPU, and no background connections to hosts the closed network refuses).
 * Shared by the end-to-end tests and the Lighthouse audit.
 */
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The browser the end-to-end tests drive: Chromium's headless shell (Debian's chromium-headless-shell,
 * the build Playwright itself runs headless tests in: the same Blink and V8 without the browser's own
 * user interface, about a third less processor time for the same pages), else Chromium itself.
 * `CHROME_PATH` overrides both.
 */
export const headlessPath = process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : chromiumPath);

export const chromiumArgs = [
  '--no-sandbox',
  // Each site's frames in a renderer of their own, as in Chromium on a desktop (the headless shell would
  // keep a cross-site frame in its page's renderer, where Tab stops on a frame with nothing to focus).
  '--site-per-process',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
