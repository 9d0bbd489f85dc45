/** The pure check behind content links: is a resolved path inside one of the allowed folders, by whole segments. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolvesInside } from '../../../generator/core/resolvesInside.ts';

const site = path.resolve('/srv/site');

describe('resolvesInside', () => {
  it('takes the folder itself and anything under it', () => {
    expect(resolvesInside(site, [site])).toBe(true);
    expect(resolvesInside(path.join(site, 'content/blog/post.md'), [site])).toBe(true);
    expect(resolvesInside(path.join(site, 'shared'), [`${site}${path.sep}`])).toBe(true);
  });

  it('refuses a sibling whose name starts with the folder name, a parent and an unrelated path', () => {
    expect(resolvesInside(path.resolve('/srv/site-other/post.md'), [site])).toBe(false);
    expect(resolvesInside(path.resolve('/srv'), [site])).toBe(false);
    expect(resolvesInside(path.resolve('/home/someone/notes.md'), [site])).toBe(false);
  });

  it('takes a path inside any of several folders, and none when there are none', () => {
    const content = path.resolve('/data/content');
    expect(resolvesInside(path.join(content, 'blog/x.md'), [site, content])).toBe(true);
    expect(resolvesInside(path.join(content, 'blog/x.md'), [])).toBe(false);
  });
});
