/**
 * An SVG content image made safe to publish: a page shows it in an <img>, where nothing in it runs,
 * but the file is published too, and a visitor led to its URL opens it as a document of the site's
 * origin, where a script in it would run (a host that ignores `_headers`, as GitHub Pages does, serves
 * it without the site's CSP). What is left is drawing only: elements of the SVG namespace that draw or
 * define (no <script>, <foreignObject>, no element of another namespace, such as XHTML's), no event
 * handler (`on…`), no link or reference but to a fragment of the file itself (`#id`) or, for an
 * <image>, to a raster image inside it (`data:image/png;base64,…`: no `javascript:`, no file of another
 * origin), no animation of a link or a handler, no style that imports or reaches outside the file, no
 * processing instruction but the XML declaration. An element removed goes with everything inside it.
 * An SVG with nothing to remove comes back byte for byte. One that cannot be read as XML, or that
 * defines entities (a DOCTYPE's internal subset), is refused: null, with the reason. Pure.
 */
import { scanXml } from './scanXml.ts';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** The SVG elements kept: shapes, text, structure, paint servers, clipping, masking, filters, animation. */
const ELEMENTS = new Set(
  (
    'svg g defs symbol use switch title desc metadata a view path rect circle ellipse line polyline polygon text tspan textPath ' +
    'image marker linearGradient radialGradient stop pattern clipPath mask style ' +
    'filter feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap ' +
    'feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge feMergeNode ' +
    'feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence ' +
    'animate animateMotion animateTransform set mpath'
  ).split(' '),
);
/** Elements whose link may be a raster image inside the file. */
const IMAGE_ELEMENTS = new Set(['image', 'feImage']);
const ANIMATIONS = new Set(['animate', 'animateMotion', 'animateTransform', 'set']);
/** What an animation may not change: a handler, or a link (href under any prefix). */
const ANIMATED_LINK = /^(on|([^:]*:)?href$)/i;
const RASTER_DATA = /^data:image\/(png|jpeg|gif|webp|avif);base64,[a-z0-9+/=\s]*$/i;

export type SanitizedSvg = { ok: true; svg: string; removed: string[] } | { ok: false; reason: string };

/** The five entities XML predefines and character references, decoded; a name of another entity stays as it is. */
const decode = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos);/gi, (_, ref: string) => {
    const lower = ref.toLowerCase();
    if (!lower.startsWith('#')) return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower]!;
    const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number(lower.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
  });

/** A value as a browser compares it: without whitespace and control characters anywhere (`java\tscript:`). */
// eslint-disable-next-line no-control-regex
const squeezed = (value: string) => decode(value).replace(/[\u0000-\u0020\u007f]+/g, '');

/** Whether CSS (a <style> or a style attribute) reaches nothing outside the file: url() only to a fragment, no @import, no escapes. */
function localCss(css: string): boolean {
  const text = decode(css);
  if (/@import|@font-face|image-set\s*\(|src\s*\(|expression\s*\(|\\|-moz-binding|behavior\s*:/i.test(text)) return false;
  for (const match of text.matchAll(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) if (!match[2]!.trim().startsWith('#')) return false;
  // A url( the pattern above did not read whole (an unclosed one) is refused too.
  return (text.match(/url\s*\(/gi) ?? []).length === [...text.matchAll(/url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi)].length;
}

interface Scope {
  /** Prefix -> namespace URI ('' for the default namespace). */
  ns: Map<string, string>;
}

const nameParts = (qname: string): [prefix: string, local: string] => {
  const colon = qname.indexOf(':');
  return colon < 0 ? ['', qname] : [qname.slice(0, colon), qname.slice(colon + 1)];
};

/** Why an attribute must go, or null to keep it. */
function attributeProblem(element: string, name: string, value: string, ns: Map<string, string>): string | null {
  const [prefix, local] = nameParts(name);
  if (name === 'xmlns' || prefix === 'xmlns') return null;
  const uri = prefix ? ns.get(prefix) : '';
  if (prefix && uri === undefined) return `${name} (an undeclared prefix)`;
  if (!prefix && /^on/i.test(local)) return `the event handler ${name}`;
  if ((!prefix || uri === XLINK_NS) && local === 'href') {
    const target = squeezed(value);
    if (target.startsWith('#')) return null;
    if (IMAGE_ELEMENTS.has(element) && RASTER_DATA.test(decode(value).trim())) return null;
    return `the link ${name}="${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  }
  if (uri && uri !== XLINK_NS && uri !== XML_NS && uri !== SVG_NS) return null;
  if (!prefix && local === 'style' && !localCss(value)) return `the style "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (/url\s*\(/i.test(decode(value)) && !localCss(value)) return `${name}="${value}" (a reference outside the file)`;
  return null;
}

/** Serializes a start tag from its name and attributes (kept ones), values escaped. */
const startTag = (name: string, attributes: [string, string][], selfClosing: boolean) =>
  `<${name}${attributes.map(([n, v]) => ` ${n}="${v.replace(/&(?!(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);)/gi, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`).join('')}${selfClosing ? '/>' : '>'}`;

export function sanitizeSvg(text: string): SanitizedSvg {
  const scanned = scanXml(text);
  if (!scanned.ok) return { ok: false, reason: scanned.reason };
  const removed: string[] = [];
  const out: string[] = [];
  const scopes: Scope[] = [{ ns: new Map([['xml', XML_NS], ['xmlns', XMLNS_NS]]) }];
  /** Depth inside an element being dropped (0: none). */
  let dropping = 0;
  /** While inside a kept <style>: where its content starts in `out`, and its text. */
  let style: { at: number; depth: number; css: string } | null = null;
  let changed = false;
  const drop = (what: string) => {
    changed = true;
    if (!removed.includes(what)) removed.push(what);
  };
  for (const token of scanned.tokens) {
    if (dropping > 0) {
      if (token.kind === 'start' && !token.selfClosing) dropping++;
      if (token.kind === 'end') dropping--;
      continue;
    }
    switch (token.kind) {
      case 'doctype':
        if (token.internalSubset) return { ok: false, reason: 'it defines entities (a DOCTYPE with an internal subset), which an image has no use for' };
        out.push(token.raw);
        break;
      case 'pi':
        if (token.target.toLowerCase() === 'xml') out.push(token.raw);
        else drop(`the processing instruction <?${token.target}?>`);
        break;
      case 'start': {
        const scope: Scope = { ns: new Map(scopes.at(-1)!.ns) };
        for (const [name, value] of token.attributes) {
          if (name === 'xmlns') scope.ns.set('', decode(value));
          else if (name.startsWith('xmlns:')) scope.ns.set(name.slice(6), decode(value));
        }
        const [prefix, local] = nameParts(token.name);
        const uri = scope.ns.get(prefix) ?? (prefix ? undefined : '');
        // An element without a namespace is taken for SVG's, as renderers take it; XHTML's must be declared.
        const svg = uri === SVG_NS || (uri === '' && !prefix);
        const attributeName = token.attributes.find(([n]) => n === 'attributeName')?.[1] ?? '';
        if (!svg || !ELEMENTS.has(local) || (ANIMATIONS.has(local) && ANIMATED_LINK.test(squeezed(attributeName)))) {
          drop(ANIMATIONS.has(local) && svg && ELEMENTS.has(local) ? `an animation of ${attributeName}` : `<${token.name}>`);
          if (!token.selfClosing) dropping = 1;
          break;
        }
        const kept = token.attributes.filter(([name, value]) => {
          const problem = attributeProblem(local, name, value, scope.ns);
          if (problem) drop(problem);
          return !problem;
        });
        out.push(kept.length === token.attributes.length ? token.raw : startTag(token.name, kept, token.selfClosing));
        if (!token.selfClosing) {
          scopes.push(scope);
          if (local === 'style' && !style) style = { at: out.length, depth: scopes.length, css: '' };
        }
        break;
      }
      case 'end': {
        const closing = scopes.length;
        scopes.pop();
        if (style && closing === style.depth) {
          // A style sheet that reaches outside the file is emptied (its start tag is written already).
          if (!localCss(style.css)) {
            drop('a <style> that imports or reaches outside the file');
            out.splice(style.at);
          }
          style = null;
        }
        out.push(token.raw);
        break;
      }
      default:
        if (style) style.css += token.kind === 'cdata' ? token.raw.slice(9, -3) : token.kind === 'text' ? token.raw : '';
        out.push(token.raw);
    }
  }
  return { ok: true, svg: changed ? out.join('') : text, removed };
}

