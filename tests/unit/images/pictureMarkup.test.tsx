/** The <picture> of a content image: the same bytes from the markdown writer and from <Image>. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Image } from '../../../generator/render/Image.tsx';
import { imageLookup } from '../../../generator/images/imageLookup.ts';
import type { ResponsiveImage } from '../../../generator/images/imageTypes.ts';
import { pictureHtml, pictureSpec } from '../../../generator/images/pictureMarkup.ts';
import { SiteContext } from '../../../generator/render/SiteContext.ts';

const files = (ext: string, widths: number[]) => widths.map((w) => ({ url: `/assets/images/chart-0a1b2c3d-${w}.${ext}`, width: w }));
const chart: ResponsiveImage = {
  src: 'blog/images/chart.jpg',
  width: 2400,
  height: 1600,
  hash: 'h',
  formats: [
    { type: 'image/avif', files: files('avif', [480, 800, 1200, 1600, 2400]) },
    { type: 'image/webp', files: files('webp', [480, 800, 1200, 1600, 2400]) },
    { type: 'image/jpeg', files: files('jpg', [480, 800, 1200, 1600, 2400]) },
  ],
  sizes: '100vw',
};
const logo: ResponsiveImage = { src: 'pages/logo.svg', width: 120, height: 40, hash: 'l', formats: [{ type: 'image/svg+xml', files: [{ url: '/assets/images/logo-0a1b2c3d-120.svg', width: 120 }] }], sizes: '100vw' };

describe('pictureHtml', () => {
  it('writes AVIF and WebP sources, then the fallback <img> with size, srcset, sizes, alt and lazy loading', () => {
    const html = pictureHtml(pictureSpec(chart, { alt: 'A chart of "hours" saved', sizes: '100vw' }));
    expect(html).toBe(
      '<picture>' +
        `<source type="image/avif" srcSet="${files('avif', [480, 800, 1200, 1600, 2400]).map((f) => `${f.url} ${f.width}w`).join(', ')}" sizes="100vw"/>` +
        `<source type="image/webp" srcSet="${files('webp', [480, 800, 1200, 1600, 2400]).map((f) => `${f.url} ${f.width}w`).join(', ')}" sizes="100vw"/>` +
        `<img src="/assets/images/chart-0a1b2c3d-1200.jpg" srcSet="${files('jpg', [480, 800, 1200, 1600, 2400]).map((f) => `${f.url} ${f.width}w`).join(', ')}" sizes="100vw"` +
        ' width="2400" height="1600" alt="A chart of &quot;hours&quot; saved" loading="lazy" decoding="async"/>' +
        '</picture>',
    );
  });
  it('loads an image above the fold at once, first', () => {
    const html = pictureHtml(pictureSpec(chart, { alt: 'A chart', sizes: '100vw', priority: true }));
    expect(html).toContain('loading="eager" decoding="async" fetchPriority="high"/>');
    expect(html).not.toContain('lazy');
  });
  it('shows a copied SVG as a plain <img>', () => {
    expect(pictureHtml(pictureSpec(logo, { alt: 'Logo', sizes: '100vw' }))).toBe(
      '<img src="/assets/images/logo-0a1b2c3d-120.svg" width="120" height="40" alt="Logo" loading="lazy" decoding="async"/>',
    );
  });
});

describe('<Image>', () => {
  const render = (node: React.ReactNode) =>
    renderToStaticMarkup(
      <SiteContext.Provider value={{ content: {}, routes: [], siteUrl: 'https://example.com', asset: (n) => n, image: imageLookup({ [chart.src]: chart, [logo.src]: logo }) }}>
        {node}
      </SiteContext.Provider>,
    );
  it('writes the same bytes as a markdown image', () => {
    for (const [image, priority] of [[chart, false], [chart, true], [logo, false]] as const) {
      expect(render(<Image src={image.src} alt={`It's <${image.src}>`} sizes="50vw" priority={priority} />)).toBe(
        pictureHtml(pictureSpec(image, { alt: `It's <${image.src}>`, sizes: '50vw', priority })),
      );
    }
  });
  it("takes the site's sizes when given none", () => {
    expect(render(<Image src={chart.src} alt="A chart" />)).toContain(' sizes="100vw" width="2400"');
    expect(render(<Image src={chart.src} alt="A chart" sizes="33vw" />)).toContain(' sizes="33vw" width="2400"');
  });
  it('shows a URL as a plain <img>', () => {
    expect(render(<Image src="https://cdn.example.com/a.png" alt="A" width={10} height={5} />)).toBe(
      '<img src="https://cdn.example.com/a.png" width="10" height="5" alt="A" loading="lazy" decoding="async"/>',
    );
  });
  it('names an image no content file names', () => {
    expect(() => render(<Image src="blog/images/nope.png" alt="x" />)).toThrow(/<Image src="blog\/images\/nope.png"> names an image no content file names/);
  });
});
