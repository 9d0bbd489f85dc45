/**
 * What the build checks and the JavaScript budgets need to know about one
 * rendered page, taken from its HTML in a single pass. The summary is plain
 * data (structured-cloneable, JSON-safe), so a render worker can make it
 * next to the page and send only it to the main thread, and the cache can
 * store it. Page-local problems come already formatted; the cross-page
 * checks (links and anchors, duplicate heads, noindex in the sitemap) work
 * from the rest. Pure.
 *
 * The scanner is made for the HTML this generator writes (React and
 * markdown-it output: double-quoted attributes, `&amp;` `&quot;` `&#x27;`
 * `&lt;` `&gt;` entities, no `<` in text) but copes with single-quoted,
 * unquoted and boolean attributes, uppercase names, a `>` inside a quoted
 * value and comments. It walks `<` to `<` with indexOf and reads only the
 * attributes the checks ask about; values are sliced and entity-decoded only
 * when used.
 */
import type { PageIslands } from '../assets/jsBudget.ts';
import { requiredJsonLd } from './requiredJsonLd.ts';

/** Names of the checks that need nothing but the page itself. */
export const localChecks = ['missingAlt', 'invalidJsonLd', 'inlineCode'] as const;
export type LocalCheck = (typeof localChecks)[number];

export interface PageSummary {
  url: string;
  /** Text of the first <title>, trimmed, as written (entities not decoded); '' when missing. */
  title: string;
  /** content of the first <meta name="description">, decoded and trimmed; '' when missing. */
  description: string;
  /** A <meta name="robots"> says noindex. */
  noindex: boolean;
  /** Every id attribute, in document order. */
  ids: string[];
  /**
   * Internal references to verify, in document order, each as "tag ref" ("a /pricing#faq",
   * "img /logo.svg"): <a>/<link> href, <img>/<script> src, entities decoded; external
   * (http(s):, mailto:, tel:, data:), empty and rel=canonical/alternate ones left out.
   * Strings rather than objects: a summary crosses from a worker for every page.
   */
  refs: string[];
  /** data-island / data-hydrate pairs, in document order (hydrate defaults to "load"). */
  islands: PageIslands[];
  /** Problems found in this page alone, as the check reports them; a key is present only when it has problems. */
  problems: Partial<Record<LocalCheck, string[]>>;
}

const entity = /&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|(quot|amp|lt|gt|apos));/g;
const named: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };
const decodeOne = (whole: string, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
  if (name) return named[name]!;
  const code = hex ? parseInt(hex, 16) : Number(dec);
  return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
};
/** Character references as React and markdown-it write them (&amp; &quot; &#x27; &lt; &gt;, any numeric one). */
const decode = (s: string) => (s.indexOf('&') < 0 ? s : s.replace(entity, decodeOne));

/**
 * A copy of `s` that shares no memory with the HTML it was cut from. V8 makes a slice of 13 or more
 * characters a view into its string (and `a + b` a pair of pointers), so a summary made of slices would
 * keep its page's markup alive until the build ends: about 9 KB a page, 36 MB over 4,000 pages, and on
 * a VM every megabyte of fresh memory costs milliseconds. Slicing a new concatenation copies the
 * characters once (~0.1 µs); internalizing (a property key) also copies, but costs ~3 µs a new string.
 */
export function own(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1); // V8 copies shorter slices and concatenations itself
}

/** The decoded value at [s, e), or undefined when the attribute is absent (s < 0). */
const valueAt = (html: string, s: number, e: number) => (s < 0 ? undefined : decode(html.slice(s, e)));

const external = /^(https?:|mailto:|tel:|data:)/;
const javascriptUrl = /^\s*javascript:/i;
const islandName = /^[A-Za-z]+$/;
const hydrateName = /^[a-z]+$/;
const LD_JSON = 'application/ld+json';

/** Whitespace as HTML (and the old regex scanner's \s) separates attributes. */
const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13 || c === 12;
const isAlpha = (c: number) => (c | 32) >= 97 && (c | 32) <= 122;
/** Tag-name characters after the first: letters, digits, '_', '-'. */
const isNameChar = (c: number) => isAlpha(c) || (c >= 48 && c <= 57) || c === 95 || c === 45;

/** html[start, start + word.length) equals word (lowercase ASCII letters and '-'), ignoring case. */
function is(html: string, start: number, len: number, word: string): boolean {
  if (len !== word.length) return false;
  for (let k = 0; k < len; k++) if ((html.charCodeAt(start + k) | 32) !== word.charCodeAt(k)) return false;
  return true;
}

/** An on* attribute name (onclick, onLoad…): "on" and letters only. */
function isHandler(html: string, start: number, len: number): boolean {
  if (len < 3 || (html.charCodeAt(start) | 32) !== 111 || (html.charCodeAt(start + 1) | 32) !== 110) return false;
  for (let k = 2; k < len; k++) if (!isAlpha(html.charCodeAt(start + k))) return false;
  return true;
}

// Tags whose attributes the checks read.
const OTHER = 0, A = 1, LINK = 2, IMG = 3, SCRIPT = 4, META = 5, STYLE = 6;
const kinds = new Map([['a', A], ['link', LINK], ['img', IMG], ['script', SCRIPT], ['meta', META], ['style', STYLE]]);

/**
 * What the checks need of a piece of HTML, before it is known which page it belongs to: problems
 * are worded without the page's URL. A page's summary merges those of its parts, in order.
 */
export interface FragmentScan {
  /** Text of the first <title>, when the piece has one. */
  title?: string;
  /** content of the first <meta name="description">, when the piece has one. */
  description?: string;
  noindex: boolean;
  ids: string[];
  refs: string[];
  islands: PageIslands[];
  problems: Partial<Record<LocalCheck, string[]>>;
}

const emptyScan = (): FragmentScan => ({ noindex: false, ids: [], refs: [], islands: [], problems: {} });

/** One piece of a page (e.g. the footer every page shares), scanned once for all the pages that show it. */
export function scanFragment(html: string): FragmentScan {
  const into = emptyScan();
  scan(html, into);
  return into;
}

/** Appends a later piece's findings to a page's (title and description: the first one wins). */
function merge(into: FragmentScan, piece: FragmentScan): void {
  into.title ??= piece.title;
  into.description ??= piece.description;
  into.noindex ||= piece.noindex;
  into.ids.push(...piece.ids);
  into.refs.push(...piece.refs);
  into.islands.push(...piece.islands);
  for (const check of localChecks) {
    const list = piece.problems[check];
    if (list) (into.problems[check] ??= []).push(...list);
  }
}

/**
 * A page's summary from its HTML, or from its parts: its own markup as strings, and pieces it shares
 * with other pages already scanned (generator/render/SharedFragments.tsx).
 */
export function summarizePage(url: string, page: string | readonly (string | { scan: FragmentScan })[]): PageSummary {
  const acc = emptyScan();
  for (const part of typeof page === 'string' ? [page] : page) {
    if (typeof part === 'string') scan(part, acc);
    else merge(acc, part.scan);
  }
  const problems: PageSummary['problems'] = {};
  for (const check of localChecks) {
    const list = acc.problems[check];
    if (list) problems[check] = list.map((m) => `${url}: ${m}`);
  }
  return {
    url,
    title: acc.title ?? '',
    description: acc.description ?? '',
    noindex: acc.noindex,
    ids: acc.ids,
    refs: acc.refs,
    islands: acc.islands,
    problems,
  };
}

/** Scans one piece of HTML into `into`. */
function scan(html: string, into: FragmentScan): void {
  const { ids, refs, islands } = into;
  let missingAlt: string[] | undefined;
  let invalidJsonLd: string[] | undefined;
  let inlineCode: string[] | undefined;
  let title = into.title;
  let description = into.description;
  let noindex = into.noindex;

  const n = html.length;
  let pos = 0;
  while (pos < n) {
    const lt = html.indexOf('<', pos);
    if (lt < 0 || lt + 1 >= n) break;
    const first = html.charCodeAt(lt + 1);
    if (!isAlpha(first)) {
      // End tag, doctype, comment or a stray '<': nothing to read. Comments are skipped whole.
      if (first === 33 && html.startsWith('<!--', lt)) {
        const end = html.indexOf('-->', lt + 4);
        pos = end < 0 ? n : end + 3;
      } else pos = lt + 1;
      continue;
    }

    // Tag name.
    let i = lt + 2;
    let upper = first < 97;
    for (; i < n; i++) {
      const c = html.charCodeAt(i);
      if (!isNameChar(c)) break;
      if (c >= 65 && c <= 90) upper = true;
    }
    const nameEnd = i;
    const rawName = html.slice(lt + 1, i);
    const name = upper ? rawName.toLowerCase() : rawName;
    const kind = kinds.get(name) ?? OTHER;

    // Attributes: [start, end) of the few values the checks read; -1 = absent.
    let idS = -1, idE = -1, hrefS = -1, hrefE = -1, srcS = -1, srcE = -1, relS = -1, relE = -1;
    let typeS = -1, typeE = -1, nameS = -1, nameE = -1, contentS = -1, contentE = -1;
    let islandS = -1, islandE = -1, hydrateS = -1, hydrateE = -1;
    let hasAlt = false;
    let attrProblems: string[] | undefined;
    while (i < n) {
      let c = html.charCodeAt(i);
      if (c === 62) break; // '>'
      if (isSpace(c) || c === 47) {
        i++;
        continue;
      }
      const aS = i;
      while (i < n) {
        c = html.charCodeAt(i);
        if (isSpace(c) || c === 61 || c === 62 || c === 47) break;
        i++;
      }
      const aLen = i - aS;
      if (aLen === 0) {
        // A stray '=' where a name should be: step over it.
        i++;
        continue;
      }
      let j = i;
      while (j < n && isSpace(html.charCodeAt(j))) j++;
      let vS = -1, vE = -1;
      let dquoted = false;
      if (html.charCodeAt(j) === 61) {
        j++;
        while (j < n && isSpace(html.charCodeAt(j))) j++;
        const q = html.charCodeAt(j);
        if (q === 34 || q === 39) {
          dquoted = q === 34;
          vS = j + 1;
          vE = html.indexOf(q === 34 ? '"' : "'", vS);
          if (vE < 0) vE = n;
          i = vE + 1;
        } else {
          vS = j;
          while (j < n && !isSpace(html.charCodeAt(j)) && html.charCodeAt(j) !== 62) j++;
          vE = j;
          i = j;
        }
      } else {
        vS = vE = aS; // boolean attribute: present, empty
      }

      switch (html.charCodeAt(aS) | 32) {
        case 105: // i
          if (is(html, aS, aLen, 'id')) (idS = vS), (idE = vE);
          break;
        case 104: // h
          if (is(html, aS, aLen, 'href')) (hrefS = vS), (hrefE = vE);
          break;
        case 115: // s
          if (is(html, aS, aLen, 'src')) (srcS = vS), (srcE = vE);
          else if (is(html, aS, aLen, 'style')) (attrProblems ??= []).push(`<${name}> has a style attribute`);
          break;
        case 114: // r
          if (is(html, aS, aLen, 'rel')) (relS = vS), (relE = vE);
          break;
        case 116: // t
          if (is(html, aS, aLen, 'type')) (typeS = vS), (typeE = vE);
          break;
        case 110: // n
          if (is(html, aS, aLen, 'name')) (nameS = vS), (nameE = vE);
          break;
        case 99: // c
          if (is(html, aS, aLen, 'content')) (contentS = vS), (contentE = vE);
          break;
        case 97: // a
          if (is(html, aS, aLen, 'alt')) hasAlt = true;
          break;
        case 100: // d
          if (!dquoted) break;
          if (is(html, aS, aLen, 'data-island')) (islandS = vS), (islandE = vE);
          else if (is(html, aS, aLen, 'data-hydrate')) (hydrateS = vS), (hydrateE = vE);
          break;
        case 111: // o
          if (isHandler(html, aS, aLen)) (attrProblems ??= []).push(`<${name}> has an inline event handler (${html.slice(aS, aS + aLen).toLowerCase()})`);
          break;
      }
    }
    const gt = i; // index of '>' (or n)
    pos = gt + 1;

    if (idS >= 0 && idE > idS) {
      const id = valueAt(html, idS, idE)!;
      if (id) ids.push(own(id));
    }
    if (islandS >= 0) {
      const island = html.slice(islandS, islandE);
      if (islandName.test(island)) {
        const hydrate = hydrateS >= 0 ? html.slice(hydrateS, hydrateE) : '';
        islands.push({ name: own(island), hydrate: hydrateName.test(hydrate) ? own(hydrate) : 'load' });
      }
    }
    if (kind === OTHER) {
      if (rawName === 'title' && gt === nameEnd && title === undefined && gt < n) {
        const end = html.indexOf('<', pos);
        if (end >= 0 && html.startsWith('</title>', end)) title = own(html.slice(pos, end).trim());
      }
      if (attrProblems) (inlineCode ??= []).push(...attrProblems);
      continue;
    }

    const rel = valueAt(html, relS, relE);
    const type = valueAt(html, typeS, typeE);
    const href = kind === A || kind === LINK ? valueAt(html, hrefS, hrefE) : undefined;
    const src = kind === IMG || kind === SCRIPT ? valueAt(html, srcS, srcE) : undefined;
    const ref = href ?? src;
    if (ref && !external.test(ref) && rel !== 'canonical' && rel !== 'alternate') refs.push(own(`${name} ${ref}`));

    if (kind === IMG && !hasAlt) (missingAlt ??= []).push(own(`<img src="${src}"> has no alt text`));

    if (kind === META) {
      const metaName = valueAt(html, nameS, nameE);
      if (metaName === 'description' && description === undefined) description = own((valueAt(html, contentS, contentE) ?? '').trim());
      else if (metaName === 'robots' && /noindex/.test(valueAt(html, contentS, contentE) ?? '')) noindex = true;
    }

    let text: string | undefined;
    if (kind === SCRIPT || kind === STYLE) {
      let end = html.indexOf(`</${name}>`, pos);
      if (end < 0) {
        const close = new RegExp(`</${name}\\s*>`, 'gi');
        close.lastIndex = pos;
        end = close.exec(html)?.index ?? -1;
      }
      if (end >= 0) {
        text = html.slice(pos, end);
        pos = end;
      }
    }
    if (kind === SCRIPT && type === LD_JSON) {
      let problems: string[];
      try {
        problems = requiredJsonLd(JSON.parse(text ?? ''));
      } catch (e) {
        problems = [`a JSON-LD block is not valid JSON (${(e as Error).message})`];
      }
      if (problems.length) (invalidJsonLd ??= []).push(...problems);
    }

    if (kind === SCRIPT && !src && type !== LD_JSON) (inlineCode ??= []).push(`has an inline <script>`);
    if (kind === STYLE) (inlineCode ??= []).push(`has an inline <style> element`);
    if (attrProblems) (inlineCode ??= []).push(...attrProblems);
    if (kind === A && href && javascriptUrl.test(href)) (inlineCode ??= []).push(`has a javascript: link`);
  }

  into.title = title;
  into.description = description;
  into.noindex = noindex;
  if (missingAlt) (into.problems.missingAlt ??= []).push(...missingAlt);
  if (invalidJsonLd) (into.problems.invalidJsonLd ??= []).push(...invalidJsonLd);
  if (inlineCode) (into.problems.inlineCode ??= []).push(...inlineCode);
}
