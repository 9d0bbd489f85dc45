/** Markdown images: relative sources become markers (with file, line, first block), the build places their <picture>. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderMarkdown } from '../../../generator/content/markdown.ts';
import { remarkMarkdown } from '../../../generator/content/remarkMarkdown.ts';
import { parseEntryMeta } from '../../../generator/content/load.ts';
import { image, withImageFields } from '../../../generator/images/imageField.ts';
import { imageRefsIn, placeImages, resolveImagePath } from '../../../generator/images/markdownImages.ts';
import type { ResponsiveImage } from '../../../generator/images/imageTypes.ts';
import { collection } from '../../../generator/site/defineConfig.ts';
import { isSiteError } from '../../../generator/core/errors.ts';

const at = { file: 'blog/post.md', line: 10 };
const body = '![A chart](./images/chart.png)\n\nText.\n\nMore text\nand ![A *small* diagram](images/small.png "Diagram") here.\n\n![Logo](/static/logo.svg)\n';

const fake = (src: string): ResponsiveImage => ({
  src,
  width: 800,
  height: 600,
  hash: 'h',
  formats: [
    { type: 'image/webp', files: [{ url: `/i/${src}.webp`, width: 800 }] },
    { type: 'image/png', files: [{ url: `/i/${src}.png`, width: 800 }] },
  ],
  sizes: '100vw',
});

for (const [engine, render] of [
  ['markdown-it', renderMarkdown],
  ['remark', remarkMarkdown()],
] as const) {
  describe(`markdown images (${engine})`, () => {
    it('names relative images by their path in the content folder, with the line of the file, and leaves URLs alone', () => {
      const { html } = render(body, at);
      expect(imageRefsIn(html)).toEqual([
        { src: 'blog/images/chart.png', line: 10 },
        { src: 'blog/images/small.png', line: 15 },
      ]);
      expect(html).toContain('<img src="/static/logo.svg" alt="Logo">');
    });

    it('places each image as its <picture>: the first block eager, the others lazy', () => {
      const shown: string[] = [];
      const html = placeImages(render(body, at).html, (src) => (shown.push(src), fake(src)));
      expect(shown).toEqual(['blog/images/chart.png', 'blog/images/small.png']);
      expect(html).toContain(
        '<picture><source type="image/webp" srcSet="/i/blog/images/chart.png.webp 800w" sizes="100vw"/><img src="/i/blog/images/chart.png.png" srcSet="/i/blog/images/chart.png.png 800w" sizes="100vw" width="800" height="600" alt="A chart" loading="eager" decoding="async" fetchPriority="high"/></picture>',
      );
      expect(html).toContain('alt="A small diagram" title="Diagram" loading="lazy" decoding="async"/></picture> here.');
      expect(html).not.toContain('data-image');
    });

    it('fails on an image without alt text, naming the file and line', () => {
      let error: unknown;
      try {
        render('Text.\n\n![](./x.png)\n', at);
      } catch (e) {
        error = e;
      }
      expect(isSiteError(error) && error.code).toBe('ImageAltMissing');
      expect((error as Error).message).toBe('blog/post.md:12: the image ./x.png has no alt text.');
      expect((error as { hint: string }).hint).toMatch(/Describe what the image shows/);
    });

    it('refuses a path that leaves the content folder', () => {
      expect(() => render('![A](../../secret.png)\n', at)).toThrow(/outside the content folder/);
    });
  });
}

describe('resolveImagePath', () => {
  it('resolves against the naming file, with or without ./', () => {
    expect(resolveImagePath('blog/a.md', './images/x.png')).toBe('blog/images/x.png');
    expect(resolveImagePath('blog/a.md', 'images/x.png')).toBe('blog/images/x.png');
    expect(resolveImagePath('blog/a.md', '../shared/x%20y.png')).toBe('shared/x y.png');
    expect(resolveImagePath('blog/a.md', '../../x.png')).toBeNull();
  });
});

describe('image() fields', () => {
  const Schema = z.object({ title: z.string(), cover: image(), logo: image().optional() });
  it('resolve against the content file and are collected with their line', () => {
    const text = '{\n  "title": "T",\n  "cover": "./img/cover.jpg",\n  "logo": "https://cdn.example.com/l.svg"\n}';
    const { value, images } = withImageFields('pages/home.json', text, () => Schema.parse(JSON.parse(text)));
    expect(value).toEqual({ title: 'T', cover: 'pages/img/cover.jpg', logo: 'https://cdn.example.com/l.svg' });
    expect(images).toEqual([{ src: 'pages/img/cover.jpg', line: 3 }]);
  });
  it("keep an entry's field images and body images with its metadata", () => {
    const list = collection.list('blog', z.object({ title: z.string(), cover: image() }));
    const source = '---\ntitle: "T"\ncover: "./images/cover.jpg"\n---\n\nText.\n\n![A chart](./images/chart.png)\n';
    const { meta, rendered } = parseEntryMeta(list, 'post.md', source, undefined, renderMarkdown);
    expect(meta.imageRefs).toEqual([
      { src: 'blog/images/cover.jpg', line: 3 },
      { src: 'blog/images/chart.png', line: 8 },
    ]);
    expect(rendered?.html).toContain('data-image="blog/images/chart.png"');
  });
});
