/** `_redirects` as `site preview` reads it: the static rules the build writes, the first rule for a path winning. */
import { describe, expect, it } from 'vitest';
import { parseRedirectsFile } from '../../../generator/dev/parseRedirectsFile.ts';

describe('parseRedirectsFile', () => {
  it('reads "source destination status" lines, skipping comments and blank lines', () => {
    const rules = parseRedirectsFile('# moved\n/old /new 301\n\n  /x   https://example.com/y   308  \n/temp /new\n');
    expect([...rules]).toEqual([
      ['/old', { status: 301, to: '/new' }],
      ['/x', { status: 308, to: 'https://example.com/y' }],
      ['/temp', { status: 302, to: '/new' }],
    ]);
  });

  it('keeps the first rule for a path and skips what a static preview cannot do', () => {
    const rules = parseRedirectsFile('/a /b 301\n/a /c 301\n/blog/* /posts/:splat 301\n/:lang/x /y 301\n/r /index.html 200\n/f /g 301!\n/n /m 404\nbroken\n/k /l 301 Country=de\n');
    expect([...rules]).toEqual([['/a', { status: 301, to: '/b' }]]);
  });
});
