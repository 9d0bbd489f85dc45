import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../../generator/images/sanitizeSvg.ts';

const svg = (inner: string, attributes = '') => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="120" height="40"${attributes}>${inner}</svg>`;

/** The sanitized text; it must itself be left as it is by a second pass. */
function clean(text: string): { svg: string; removed: string[] } {
  const result = sanitizeSvg(text);
  if (!result.ok) throw new Error(result.reason);
  const again = sanitizeSvg(result.svg);
  expect(again).toEqual({ ok: true, svg: result.svg, removed: [] });
  return result;
}

describe('sanitizeSvg', () => {
  it('gives back a drawing with nothing to remove byte for byte, declaration, DOCTYPE, comments, gradients, text and local references included', () => {
    const drawing =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<!-- exported -->\n' +
      svg(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="#36c"/></linearGradient><clipPath id="c"><rect width="10" height="10"/></clipPath></defs>' +
          '<style><![CDATA[.a { fill: url(#g); }]]></style><g clip-path="url(#c)"><rect class="a" width="120" height="40" fill="url(#g)"/></g>' +
          '<use href="#c"/><use xlink:href="#c"/><text x="4" y="30" style="font: 12px sans-serif">Deck &amp; co</text>' +
          '<image width="1" height="1" href="data:image/png;base64,iVBORw0KGgo="/><animate attributeName="opacity" from="0" to="1" dur="1s"/>',
      );
    expect(sanitizeSvg(drawing)).toEqual({ ok: true, svg: drawing, removed: [] });
  });

  it.each([
    ['a script', svg('<script>alert(document.cookie)</script><rect width="1" height="1"/>'), '<script>'],
    ['a script of the SVG namespace under a prefix', `<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></s:svg>`, '<s:script>'],
    ['an XHTML script', svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'), '<h:script>'],
    ['HTML in a foreignObject', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></div></foreignObject>'), '<foreignObject>'],
    ['an iframe', svg('<iframe src="https://attacker.example"/>'), '<iframe>'],
    ['an animation that sets a link', svg('<a href="#x"><animate attributeName="href" values="javascript:alert(1)"/><text>go</text></a>'), 'an animation of href'],
    ['an animation of a link under another prefix', svg('<a href="#x"><set xmlns:l="http://www.w3.org/1999/xlink" attributeName="l:href" to="javascript:alert(1)"/></a>'), 'an animation of l:href'],
    ['a style sheet that loads an image set', svg('<style>rect { fill: image-set("https://tracker.example/a.png" 1x) }</style>'), 'a <style> that imports or reaches outside the file'],
    ['an animation that sets a handler', svg('<set attributeName="onmouseover" to="alert(1)"/>'), 'an animation of onmouseover'],
    ['a style sheet that imports', svg('<style>@import url(https://attacker.example/x.css);</style>'), 'a <style> that imports or reaches outside the file'],
    ['a style sheet that loads from elsewhere', svg('<style>rect { fill: url("https://tracker.example/p.svg#g") }</style>'), 'a <style> that imports or reaches outside the file'],
    ['an XSLT style sheet', `<?xml-stylesheet type="text/xsl" href="https://attacker.example/x.xsl"?>${svg('')}`, 'the processing instruction <?xml-stylesheet?>'],
  ])('removes %s', (_, text, what) => {
    const result = clean(text);
    expect(result.removed).toContain(what);
    expect(result.svg).not.toMatch(/alert|attacker|tracker|@import/);
  });

  it.each([
    ['an event handler', svg('<rect width="1" height="1" onclick="alert(1)"/>', ' onload="alert(1)"'), ['the event handler onload', 'the event handler onclick']],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><text>x</text></a>'), ['the link href="javascript:alert(1)"']],
    ['a javascript: link hidden by references and a tab', svg('<a xlink:href="&#106;ava&#x09;script:alert(1)"><text>x</text></a>'), ['the link xlink:href="&#106;ava&#x09;script:alert(1)"']],
    ['a file of another origin', svg('<use href="https://attacker.example/sprite.svg#icon"/>'), ['the link href="https://attacker.example/sprite.svg#icon"']],
    ['an image of another origin', svg('<image href="https://tracker.example/pixel.png" width="1" height="1"/>'), ['the link href="https://tracker.example/pixel.png"']],
    ['an SVG inside as data', svg('<image href="data:image/svg+xml;base64,PHN2Zz4=" width="1" height="1"/>'), ['the link href="data:image/svg+xml;base64,PHN2Zz4="']],
    ['a style that loads from elsewhere', svg('<rect width="1" height="1" style="fill: url(https://tracker.example/g)"/>'), ['the style "fill: url(https://tracker.example/g)"']],
    ['a paint from elsewhere', svg('<rect width="1" height="1" fill="url(https://tracker.example/g#a)"/>'), ['fill="url(https://tracker.example/g#a)" (a reference outside the file)']],
  ])('removes %s and keeps the element', (_, text, what) => {
    const result = clean(text);
    expect(result.removed).toEqual(what);
    expect(result.svg).not.toMatch(/alert|attacker|tracker|svg\+xml/);
    expect(result.svg).toMatch(/<(rect|a|use|image|svg)\b/);
  });

  it('refuses what it cannot read as XML, and entity definitions', () => {
    for (const text of ['<svg><rect></svg>', '<svg width=10></svg>', '<svg a="<"></svg>', '<scr&#105;pt>x</scr&#105;pt>', '<svg', '<svg><!-- x</svg>']) {
      expect(sanitizeSvg(text).ok, text).toBe(false);
    }
    const entities = `<!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]>${svg('&x;')}`;
    expect(sanitizeSvg(entities)).toEqual({ ok: false, reason: expect.stringContaining('defines entities') });
  });
});
