import { describe, expect, it } from 'vitest';
import { imageRefs, imageSrcFrom, resolveImage } from '../../../generator/editor/imageRefs.ts';

describe('imageRefs', () => {
  it('finds the content images an entry names: markdown images and image fields, resolved from its folder', () => {
    const text = '---\ntitle: "A"\ncover: "./images/cover.jpg"\n---\n\n![A chart](./images/chart.png "Title")\n\n![Logo](../logo.svg)\n\n![Remote](https://example.com/x.png) ![Site](/x.png)\n';
    expect(imageRefs('blog/post.md', text)).toEqual(['blog/images/chart.png', 'blog/images/cover.jpg', 'logo.svg']);
    expect(imageRefs('pages/home.json', '{ "hero": "../images/hero.webp", "title": "x.png?" }')).toEqual(['images/hero.webp']);
  });

  it('names no image outside the content folder, and gives an image\'s path as another entry names it', () => {
    expect(resolveImage('post.md', '../../secret.png')).toBeNull();
    expect(resolveImage('blog/post.md', 'images/a%20b.png')).toBe('blog/images/a b.png');
    expect(imageSrcFrom('home.md', 'blog/images/x.png')).toBe('./blog/images/x.png');
    expect(imageSrcFrom('pages/about.md', 'blog/images/x.png')).toBe('../blog/images/x.png');
    expect(imageSrcFrom('blog/a.md', 'blog/images/x.png')).toBe('./images/x.png');
  });
});
