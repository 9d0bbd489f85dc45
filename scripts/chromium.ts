/**
 * Debian's Chromium and the flags it needs on these machines (as root, no
 * GPU, and no background connections to hosts the closed network refuses).
 * Shared by the end-to-end tests and the Lighthouse audit.
 */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
